// <attention-lab>: the teaching page as a custom element, for course pages and LMS blocks.
//
//   <script type="module" src="https://…/attention-lab.js"></script>
//   <attention-lab sentence="the dog chased the ball" heads="2" d-out="6" stage="softmax"></attention-lab>
//
// Built by web/element/build.mjs into dist/attention-lab.js, which imports the API as ./index.mjs:
// the WASM core, the tokenizer and the pthread worker load relative to this script, not to the
// page. Each element renders into its own shadow root with the page's stylesheet; its attributes
// and its UI stay in step both ways (attributes.mjs reads and writes them). The elements of a
// page share one loaded core (a lab holds no per-view state), nothing else.
import { createAttentionLab } from './index.mjs';
import { mountAttentionLab } from '../app/mount.mjs';
import { mountLabInElement } from './lab-mode.mjs';
import { mountExerciseInElement } from './exercise-mode.mjs';
import { OwnTensors, ownLab, defineOwnProperties } from './own-tensors.mjs';
import {
  SETTING_ATTRIBUTES,
  VIEW_ATTRIBUTES,
  attributeToReflect,
  stateFromAttributes,
} from './attributes.mjs';
import { AUTHOR_ATTRIBUTES, authorKey, whenWords, showNotes } from './author.mjs';
import { adoptStyles } from './styles.mjs';
import { elementName, showThreadsNote } from './status.mjs';
import { threadsNote } from '../app/strings/threads.mjs';

export { attributeName, SETTING_ATTRIBUTES, VIEW_ATTRIBUTES } from './attributes.mjs';

// The page's elements share one loaded core: created on first use, never replaced.
let sharedLab;
const loadLab = () => (sharedLab ??= createAttentionLab());

const Base = globalThis.HTMLElement ?? class {};

export class AttentionLabElement extends Base {
  static get observedAttributes() {
    return [
      ...Object.keys(SETTING_ATTRIBUTES),
      ...Object.keys(VIEW_ATTRIBUTES),
      'layout',
      'lab',
      'exercise',
      ...AUTHOR_ATTRIBUTES,
    ];
  }

  #shadow;
  #frame = null;
  #app = null;
  #uiLayout = null;
  #lab = ''; // the lab shown alone, '' for the lesson
  #exercise = ''; // the exercise shown alone, '' for none
  #state = null; // the last valid state, kept across a re-mount (layout change, re-insertion)
  #reflecting = false;
  #strings = null; // the author's own words (the `strings` property)
  #author = null; // the author attributes the lesson was mounted with (author.mjs)
  #mounting = 0; // the latest mount waiting for its words
  #syncQueued = false;
  #resolveReady;
  #rejectReady;
  #ready;
  #own = new OwnTensors(); // the `inputs`, `weights` and `tokens` properties (own-tensors.mjs)

  static {
    // Set together, they are applied together (as attributes are), once the core is there.
    defineOwnProperties(
      this.prototype,
      (el) => el.#own,
      (el) => el.attributeChangedCallback(),
    );
  }

  constructor() {
    super();
    this.#shadow = this.attachShadow({ mode: 'open' });
    adoptStyles(this.#shadow);
    this.#ready = new Promise((resolve, reject) => {
      this.#resolveReady = resolve;
      this.#rejectReady = reject;
    });
    this.#ready.catch(() => {}); // shown inside the element; no unhandled rejection
    // Words set before the script defined the element are an own property hiding the setter.
    if (Object.hasOwn(this, 'strings')) {
      const own = this.strings;
      delete this.strings;
      this.#strings = own ?? null;
    }
  }

  /** Resolves with the element once the core is loaded and the first state is drawn. */
  get ready() {
    return this.#ready;
  }

  /** 'single' or 'threads' (threads only on cross-origin-isolated pages); null while loading. */
  get build() {
    return this.#app?.lab?.build ?? null;
  }

  /** Threads the core uses for traceless passes (1 for the single-threaded build). */
  get threads() {
    return this.#app?.lab?.threads ?? null;
  }

  /** { settings, view }: the last valid state (the API's option names, the page's URL names). */
  get state() {
    return this.#app?.hasResult ? this.#app.state : null;
  }

  /** The last valid computation: { settings, tokens, output: { shape, data }, trace, sizes }. */
  get result() {
    return this.#app?.result ?? null;
  }

  /** The author's own words over the catalogue's (web/app/strings/en.mjs's keys → text). */
  get strings() {
    return this.#strings;
  }

  set strings(value) {
    this.#strings = value ?? null;
    if (!this.#app) return;
    if (this.#app.hasResult) this.#state = this.#app.state;
    this.#app.destroy();
    this.#app = null;
    this.#mount();
  }

  connectedCallback() {
    if (this.#app) return;
    this.#mount();
  }

  disconnectedCallback() {
    // Moving the element re-inserts it at once: keep the UI then, tear down only when it is gone.
    queueMicrotask(() => {
      if (this.isConnected || !this.#app) return;
      if (this.#app.hasResult) this.#state = this.#app.state;
      this.#app.destroy();
      this.#app = null;
    });
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (this.#reflecting || (name && oldValue === newValue) || !this.#app) return;
    // Attributes set together (heads and d-out, say) are applied together.
    if (this.#syncQueued) return;
    this.#syncQueued = true;
    queueMicrotask(() => {
      this.#syncQueued = false;
      this.#sync();
    });
  }

  // The lesson waits for its words when they must be loaded (lang="de", strings-src).
  #mount() {
    const ticket = ++this.#mounting;
    const stale = () => ticket !== this.#mounting || !this.isConnected || Boolean(this.#app);
    whenWords(this, this.#strings, stale, (words, key) => this.#mountWith(words, key));
  }

  #mountWith(words, key) {
    this.#author = key;
    const { settings, view, layout, lab, labParams, exercise } = stateFromAttributes(this);
    this.#uiLayout = layout.ui;
    this.#lab = lab;
    this.#exercise = exercise;
    this.#frame ??= this.#shadow.appendChild(document.createElement('div'));
    this.#frame.className = `lab-frame ${lab || exercise ? 'solo' : layout.ui}`;
    const kept = this.#state ?? { settings, view };
    const options = {
      strings: words.lesson.strings,
      // The lesson computes with the own tensors once they are checked (#sync).
      createLab: () => loadLab().then((core) => (lab ? core : ownLab(core, this.#own))),
      initialState: { ...kept, view: { ...kept.view, lab }, labParams },
      onChange: (change) => this.#changed(change),
      onError: (err) =>
        this.#emit('attention-lab-error', { message: err.message, option: err.option ?? '' }),
    };
    // An exercise or a lab alone loads its code first; the lesson mounts at once.
    const app = exercise
      ? this.#mountExercise(words.lesson.strings)
      : lab
        ? mountLabInElement(this.#shadow, this.#frame, options)
        : mountAttentionLab(this.#frame, {
            ...options,
            author: words.lesson,
            layout: layout.ui,
            name: elementName(this),
          });
    this.#app = app;
    showNotes(this.#frame, words.notes);
    app.ready.then(
      () => {
        if (this.#app !== app) return;
        this.#state = null;
        const note = threadsNote(app.lab?.threadsNote, words.lesson.strings);
        showThreadsNote(this.#shadow, this.#frame, note);
        // Attributes changed while the core was loading, or a re-mount with a kept state.
        this.#sync();
        this.#resolveReady(this);
        this.#emit('attention-lab-ready', { build: this.build });
      },
      (err) => {
        this.#rejectReady(err);
        this.#emit('attention-lab-error', { message: err.message, option: err.option ?? '' });
      },
    );
  }

  // exercise="<slug>": the settings are the attributes' own (an exercise has no controls to change
  // them); each Check becomes an `exercise-result` event, New numbers the "<slug>.variant"
  // attribute.
  #mountExercise(strings) {
    const { settings, exercise, exerciseParams } = stateFromAttributes(this);
    return mountExerciseInElement(this.#shadow, this.#frame, {
      createLab: loadLab,
      strings,
      slug: exercise,
      settings,
      labParams: exerciseParams,
      onResult: (detail) => this.#emit('exercise-result', detail),
      onVariant: (variant) => {
        this.#reflecting = true;
        try {
          this.setAttribute(`${exercise}.variant`, String(variant));
        } finally {
          this.#reflecting = false;
        }
      },
    });
  }

  // Attributes → state (recomputes; an invalid value shows the core's message and keeps the last
  // valid state).
  #sync() {
    const app = this.#app;
    if (!app?.hasResult) return;
    const { settings, view, layout, lab, exercise } = stateFromAttributes(this);
    // An exercise alone takes new settings by starting afresh (its task is set from them).
    const newTask =
      exercise && JSON.stringify(settings) !== JSON.stringify(app.state?.settings ?? null);
    if (
      newTask ||
      layout.ui !== this.#uiLayout ||
      lab !== this.#lab ||
      exercise !== this.#exercise ||
      authorKey(this) !== this.#author
    ) {
      // The lesson and a lab keep their state across the re-mount; an exercise's is its attributes.
      this.#state = this.#exercise ? null : app.state;
      app.destroy();
      this.#app = null;
      this.#mount();
      return;
    }
    if (exercise) return;
    // The own tensors' settings over the attributes'; new tensors are checked, then computed afresh.
    const { own, fresh } = this.#own.accept(settings, this.#frame, { lab });
    const outcome = app.update(
      { settings: { ...settings, ...own }, view: { ...view, lab } },
      { source: 'attributes', recompute: fresh },
    );
    this.#own.settled(outcome.ok);
  }

  // State → attributes, for what the element's own UI changed.
  #changed({ state, changed, source }) {
    if (source === 'ui') {
      this.#reflecting = true;
      try {
        for (const key of changed) this.#reflect(key, state);
      } finally {
        this.#reflecting = false;
      }
    }
    this.#emit('attention-lab-change', { state, changed: [...changed], source });
  }

  #reflect(key, state) {
    const write = attributeToReflect(this, key, state, this.#uiLayout);
    if (write) this.setAttribute(write.attribute, write.value);
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Defines the element under `name` (default 'attention-lab') unless that name is taken. */
export function defineAttentionLab(name = 'attention-lab') {
  if (!globalThis.customElements || customElements.get(name)) return;
  customElements.define(
    name,
    name === 'attention-lab' ? AttentionLabElement : class extends AttentionLabElement {},
  );
}

defineAttentionLab();
