// What scripts/measure-frames.mjs does to the page, each with real input events (Playwright's
// mouse and keyboard, which Chromium receives as a user's): the address it opens (besides the size),
// the drive, and what starts a frame in the trace (the DOM events, or the stepper's timer).
// Number fields have no thumb to drag: they are stepped with the arrow keys at a key repeat's
// pace, which is how a student sweeps one.

const pause = (page, ms) => page.waitForTimeout(ms);

// Presses `key` `n` times, `gap` ms apart.
async function press(page, key, n, gap) {
  for (let i = 0; i < n; ++i) {
    await page.keyboard.press(key);
    await pause(page, gap);
  }
}

// Drags the thumb of the range input `selector` from the value `from` to `to` and back, the
// mouse moving every 8 ms (a 120 Hz mouse), `steps` moves each way.
async function dragRange(page, selector, { from, to, min, max, steps }) {
  const box = await page.locator(selector).boundingBox();
  const x = (v) => box.x + 8 + ((box.width - 16) * (v - min)) / (max - min);
  const y = box.y + box.height / 2;
  await page.mouse.move(x(from), y);
  await page.mouse.down();
  for (const [a, b] of [
    [from, to],
    [to, from],
  ])
    for (let i = 1; i <= steps; ++i) {
      await page.mouse.move(x(a + ((b - a) * i) / steps), y);
      await pause(page, 8);
    }
  await page.mouse.up();
}

const INPUT = { types: ['input'] };

export const INTERACTIONS = [
  {
    id: 'scrub-keys',
    label: 'scrubber, arrow keys',
    query: { step: 'embeddings' },
    sizes: ['lectures', 't64'],
    trigger: INPUT,
    prepare: (page) => page.focus('#scrubber'),
    async drive(page) {
      await press(page, 'ArrowRight', 10, 120);
      await press(page, 'ArrowLeft', 10, 120);
    },
  },
  {
    id: 'scrub-drag',
    label: 'scrubber, drag',
    query: { step: 'embeddings' },
    sizes: ['lectures', 't64'],
    trigger: INPUT,
    drive: (page) => dragRange(page, '#scrubber', { from: 1, to: 11, min: 1, max: 11, steps: 40 }),
  },
  {
    id: 'play',
    label: 'play (4×)',
    query: { step: 'embeddings' },
    sizes: ['lectures', 't64'],
    // The stepper's timer: 8 s a step at 1×, 2 s at 4×.
    trigger: { types: ['click'], timeout: 2000 },
    prepare: (page) => page.selectOption('#speed', '4'),
    async drive(page) {
      await page.click('.play');
      await page.waitForFunction(
        () => document.querySelector('.player[data-playing]')?.dataset.playing === 'false',
        null,
        { timeout: 60_000, polling: 200 },
      );
    },
  },
  {
    id: 'dropout-keys',
    label: 'dropout p, arrow keys',
    query: { step: 'dropout', training: false },
    sizes: ['lectures', 't64'],
    trigger: INPUT,
    prepare: (page) => page.focus('#ctl-dropout'),
    async drive(page) {
      await press(page, 'ArrowDown', 10, 40);
      await press(page, 'ArrowUp', 19, 40);
    },
  },
  {
    id: 'drag-dh',
    label: '√d_h lab: drag d_h',
    query: { step: 'scale', lab: 'sqrt-dh', 'sqrt-dh.dh': 64 },
    sizes: ['lectures', 't64'],
    trigger: INPUT,
    prepare: (page) => page.locator('#sqrt-dh-dh').scrollIntoViewIfNeeded(),
    drive: (page) =>
      dragRange(page, '#sqrt-dh-dh', { from: 64, to: 200, min: 1, max: 256, steps: 40 }),
  },
  {
    id: 'gap-keys',
    label: 'masking lab: gap, arrow keys',
    query: { step: 'mask', lab: 'masking', 'masking.gap': 10 },
    sizes: ['lectures', 't64'],
    trigger: INPUT,
    prepare: (page) => page.focus('#masking-gap'),
    async drive(page) {
      await press(page, 'ArrowUp', 20, 40);
      await press(page, 'ArrowDown', 20, 40);
    },
  },
  {
    id: 'type',
    label: 'typing a key (softmax step)',
    query: { step: 'softmax' },
    sizes: ['lectures', 't64', 'gpt2'],
    trigger: INPUT,
    async prepare(page) {
      await page.focus('#ctl-sentence');
      await page.keyboard.press('End');
    },
    // A key, then a pause: each key is the first after a pause, so it is computed at once.
    async drive(page) {
      for (let i = 0; i < 10; ++i) {
        await page.keyboard.press(i % 2 ? 'Backspace' : 's');
        await pause(page, 300);
      }
    },
  },
];
