// The stepper: the list of steps, back / play-pause / forward, a scrubber and the speed. It only
// keeps the timer; the current step lives in the store.
import { h, replace } from './dom.mjs';
import { EN, format } from '../strings/index.mjs';
import { oncePerFrame } from './frame.mjs';

const SPEEDS = [0.5, 1, 2, 4];
const SECONDS_PER_STEP = 8;

// The keys that drive the stepper, as a hint under it.
const keysHint = (S) =>
  h(
    'p',
    { class: 'hint' },
    `${S['stepper.keys']} `,
    h('kbd', {}, S['keys.space']),
    ` ${S['stepper.keyPlay']} · `,
    h('kbd', {}, '←'),
    ' ',
    h('kbd', {}, '→'),
    ` ${S['stepper.keyStep']} · `,
    h('kbd', {}, 'Home'),
    ' ',
    h('kbd', {}, 'End'),
    ` ${S['stepper.keyEnds']} · `,
    h('kbd', {}, 'H'),
    ` ${S['stepper.keyHeads']} · `,
    h('kbd', {}, 'O'),
    ` ${S['stepper.keyOverview']}`,
  );

// One button per step, numbered.
const stepList = (steps, act) =>
  steps.map((step, i) =>
    h(
      'li',
      {},
      h(
        'button',
        {
          type: 'button',
          class: 'step-link',
          dataset: { slug: step.slug },
          onclick: () => act.go(i),
        },
        h('span', { class: 'num' }, String(i + 1)),
        h('span', { class: 'label' }, step.short),
      ),
    ),
  );

// The button that opens and closes the pipeline overview.
const overviewToggle = (act, S) =>
  h(
    'button',
    {
      type: 'button',
      class: 'overview-toggle',
      'aria-pressed': 'false',
      'aria-keyshortcuts': 'O',
      onclick: () => act.overview(),
    },
    S['stepper.overview'],
  );

// The stepper's controls, into `root`: the list of steps, the transport (back, play, next,
// overview, scrubber, speed) and the keys' hint. act: go(i), toggle(), setSpeed(s), overview().
function drawPlayer(root, steps, label, act, S) {
  const stepButtons = stepList(steps, act);
  const playButton = h('button', {
    type: 'button',
    class: 'play',
    'aria-keyshortcuts': 'Space',
    onclick: () => act.toggle(),
  });
  const back = h(
    'button',
    { type: 'button', 'aria-keyshortcuts': 'ArrowLeft', onclick: () => act.go(act.index() - 1) },
    S['stepper.back'],
  );
  const next = h(
    'button',
    {
      type: 'button',
      'aria-keyshortcuts': 'ArrowRight',
      class: 'next',
      onclick: () => act.go(act.index() + 1),
    },
    S['stepper.next'],
  );
  const overviewButton = act.overview ? overviewToggle(act, S) : null;
  // Dragged, the scrubber passes steps faster than a step is drawn: one a frame, where it is then.
  const scrub = oncePerFrame((input) => act.go(input.value - 1), root.ownerDocument.defaultView);
  const scrubber = h('input', {
    type: 'range',
    id: 'scrubber',
    min: 1,
    max: steps.length,
    step: 1,
    value: 1,
    oninput: (e) => scrub(e.target),
  });
  const speedSelect = h(
    'select',
    { id: 'speed', onchange: (e) => act.setSpeed(Number(e.target.value)) },
    SPEEDS.map((s) => h('option', { value: String(s) }, `${s}×`)),
  );
  speedSelect.value = '1';

  replace(
    root,
    h('nav', { 'aria-label': label, class: 'steps' }, h('ol', {}, stepButtons)),
    h(
      'div',
      { class: 'transport' },
      back,
      playButton,
      next,
      overviewButton,
      h(
        'label',
        { class: 'scrub' },
        h('span', { class: 'visually-hidden' }, S['stepper.scrub']),
        scrubber,
      ),
      h('label', { class: 'speed' }, `${S['stepper.speed']} `, speedSelect),
    ),
    keysHint(S),
  );

  return { stepButtons, playButton, back, next, overviewButton, scrubber, speedSelect };
}

export function createPlayer(
  root,
  { steps, onGo, onOverview = null, label = EN['stepper.label'], strings: S = EN },
) {
  let index = 0;
  let playing = false;
  let speed = 1;
  let timer = null;

  const { stepButtons, playButton, back, next, overviewButton, scrubber, speedSelect } = drawPlayer(
    root,
    steps,
    label,
    {
      go: (i) => go(i),
      toggle: () => toggle(),
      setSpeed: (s) => setSpeed(s),
      overview: onOverview && (() => onOverview()),
      index: () => index,
    },
    S,
  );

  function go(i, { fromTimer = false } = {}) {
    const clamped = Math.max(0, Math.min(steps.length - 1, i));
    if (!fromTimer) stop();
    onGo(clamped);
  }

  function schedule() {
    clearTimeout(timer);
    if (!playing) return;
    timer = setTimeout(
      () => {
        if (index >= steps.length - 1) return stop();
        go(index + 1, { fromTimer: true });
        schedule();
      },
      (SECONDS_PER_STEP * 1000) / speed,
    );
  }

  function start() {
    if (index >= steps.length - 1) onGo(0);
    playing = true;
    render();
    schedule();
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    render();
  }

  function toggle() {
    if (playing) stop();
    else start();
  }

  function setSpeed(s) {
    speed = s;
    speedSelect.value = String(s);
    schedule();
  }

  // Written only where it differs: the stepper is drawn with every change of the state (a
  // slider's frame), and a text or attribute set again is laid out or restyled again.
  const setText = (el, text) => el.textContent !== text && (el.textContent = text);
  const setAttr = (el, name, value) =>
    el.getAttribute(name) !== value && el.setAttribute(name, value);
  function render() {
    setText(playButton, playing ? S['stepper.pause'] : S['stepper.play']);
    setAttr(playButton, 'aria-label', playing ? S['stepper.pauseLabel'] : S['stepper.playLabel']);
    setAttr(root, 'data-playing', String(playing));
    back.disabled = index === 0;
    next.disabled = index === steps.length - 1;
    if (scrubber.value !== String(index + 1)) scrubber.value = String(index + 1);
    setAttr(
      scrubber,
      'aria-valuetext',
      format(S['stepper.position'], {
        n: index + 1,
        count: steps.length,
        title: steps[index].title,
      }),
    );
    stepButtons.forEach((li, i) => {
      const b = li.firstChild;
      if (i === index) setAttr(b, 'aria-current', 'step');
      else if (b.hasAttribute('aria-current')) b.removeAttribute('aria-current');
    });
  }

  render();
  return {
    /** The overview is open or closed: reflect it. */
    showOverview(on) {
      overviewButton?.setAttribute('aria-pressed', String(on));
    },
    /** The store changed the step: reflect it. */
    show(i) {
      index = i;
      render();
    },
    go,
    toggle,
    stop,
    first: () => go(0),
    last: () => go(steps.length - 1),
    next: () => go(index + 1),
    back: () => go(index - 1),
    faster: () => setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(speed) + 1)]),
    slower: () => setSpeed(SPEEDS[Math.max(0, SPEEDS.indexOf(speed) - 1)]),
    get playing() {
      return playing;
    },
  };
}
