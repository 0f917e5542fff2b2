// Types of the <attention-lab> custom element (attention-lab/element, dist/attention-lab.js).
// Importing the module defines the element; it needs a browser (customElements, Shadow DOM).

/** Settings under the JS API's option names, as the element computes with them. */
export interface AttentionLabSettings {
  sentence: string;
  /** 'random': the lecture's seeded weights; 'trained': the model trained on the Brown Corpus. */
  weights: 'random' | 'trained';
  dIn: number;
  dOut: number;
  heads: number;
  batch: number;
  dropout: number;
  training: boolean;
  seed: number;
  qkvBias: boolean;
  causal: boolean;
  masking: 'neg-inf' | 'naive';
  layout: 'fused' | 'loop';
  module: 'mha' | 'wrapper' | 'causal';
}

/** What is looked at: the step id, one head ('0', '1', …) or 'all', the batch item, numbers in cells. */
export interface AttentionLabView {
  step: string;
  head: string;
  item: number;
  numbers: boolean;
  /** The lab shown alone (the `lab` attribute, as ?lab=… on the page), '' for the lesson. */
  lab: string;
  /**
   * The exercise shown alone (the `exercise` attribute, as ?exercise=… on the page). An element
   * showing an exercise has only this view key in its state.
   */
  exercise?: string;
}

export interface AttentionLabState {
  settings: AttentionLabSettings;
  view: AttentionLabView;
}

export interface AttentionLabTensor {
  shape: number[];
  data: Float32Array;
}

/** The last valid computation of an element. */
export interface AttentionLabElementResult {
  settings: AttentionLabSettings;
  /** The tokens; the page's own row labels (the `tokens` property) have id null. */
  tokens: { id: number | null; text: string }[];
  /** 'own': the `inputs` property's rows; 'lecture': the notebook's vectors; 'seeded': the seed's. */
  source: 'lecture' | 'seeded' | 'own';
  output: AttentionLabTensor;
  trace: Record<string, AttentionLabTensor>;
  weights: Record<string, AttentionLabTensor> | null;
  sizes: { B: number; h: number; T: number; dh: number; D: number; dIn: number };
}

export interface AttentionLabChangeDetail {
  state: AttentionLabState;
  /** Setting or view keys that changed, e.g. ['heads'] or ['step']. */
  changed: string[];
  /** 'initial', 'ui' (the element's own controls; reflected to attributes) or 'attributes'. */
  source: 'initial' | 'ui' | 'attributes';
}

export interface AttentionLabErrorDetail {
  message: string;
  /** The option the message is about ('heads', 'dOut', 'step', 'simd', …). */
  option: string;
}

/**
 * The `exercise-result` event of <attention-lab exercise="<slug>">, after each Check: the fields
 * embed.html?exercise=<slug> posts to its parent (without their `type`). It bubbles and is
 * composed, so a course page can listen on the element or on the document.
 */
export interface AttentionLabExerciseResultDetail {
  /** The exercise's slug, as in the `exercise` attribute. */
  slug: string;
  /** Whether this Check's answer was right. */
  correct: boolean;
  /** Checks made so far in this element (this one included). */
  attempts: number;
  /** The settings the task was set from (a seeded variant's own, when New numbers changed them). */
  settings: Record<string, string | number | boolean>;
}

/** The `inputs` property's flat form: `data` row-major, (B, T, d_in) as `shape`. */
export interface AttentionLabInputs {
  data: Float32Array | Float64Array | number[];
  shape: [number, number, number];
}

/**
 * The `weights` property: a module's parameters under their PyTorch state_dict names, as
 * lab.forward's `weights` takes them (each row-major, an array or { data }): CausalAttention's
 * W_query.weight, W_key.weight, W_value.weight (d_out, d_in) (+ .bias); MultiHeadAttentionWrapper's
 * heads.<i>.W_query.weight, … per head; MultiHeadAttention's three and out_proj.weight (d_out, d_out),
 * out_proj.bias.
 */
export type AttentionLabWeights = Record<
  string,
  Float32Array | Float64Array | number[] | { data: Float32Array | Float64Array | number[] }
>;

/**
 * The interface's words: web/app/strings/en.mjs's keys (e.g. 'stepper.next', 'stage.count',
 * 'step.softmax.title') → text, `{name}` marking a value filled in. Shown as text, never as markup.
 */
export type AttentionLabStrings = Partial<Record<string, string>>;

/**
 * The <attention-lab> custom element.
 *
 * Author attributes besides the settings: `steps` (which steps, in order: "scores,scale,mask,
 * softmax"; a step id or a trace stage name each; unknown → a message with "did you mean", every
 * step shown), `lang` (the interface's language where a catalogue exists: "en", "de"; another →
 * English with a note) and `strings-src` (the URL of a JSON object of the author's words, fetched:
 * the page's CSP must allow it in connect-src).
 *
 * Font: the element's text inherits the host page's font-family; set one on the element to change
 * it (attention-lab { font-family: … }).
 *
 * Regions an author can style from outside:
 * - ::part(stepper): the list of steps and the transport (back, play, next, overview, speed)
 * - ::part(tokens): the sentence's tokens
 * - ::part(stage): the step's panel (title, shape, explanation, numbers)
 * - ::part(explanation): the step's explanation
 * - ::part(numbers): the step's numbers: its toolbar and its maps (heat maps, matrices)
 * - ::part(toolbar): which heads, which batch item, numbers in cells
 * - ::part(status): status lines (loading, a refused value, a note about the words)
 * - ::part(error): a refused value's message (also a `status`)
 * - ::part(sentence), ::part(controls): the sentence card and the settings (layout="full")
 */
export declare class AttentionLabElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Resolves with the element once the core is loaded and the first state is drawn. */
  readonly ready: Promise<AttentionLabElement>;
  /** 'single' or 'threads' (threads only on cross-origin-isolated pages); null while loading. */
  readonly build: 'single' | 'threads' | null;
  /** Threads the core uses for passes without a trace; null while loading. */
  readonly threads: number | null;
  /** The last valid state; null while loading. */
  readonly state: AttentionLabState | null;
  /** The last valid computation; null while loading. */
  readonly result: AttentionLabElementResult | null;
  /**
   * The page's own inputs, (B, T, d_in): nested arrays or { data, shape }. The batch and d_in
   * follow them and the sentence is not used. null (the default): the sentence's embeddings.
   */
  inputs: number[][][] | AttentionLabInputs | null;
  /**
   * The module's own parameters (AttentionLabWeights): the class (`module`), d_out, qkv bias and,
   * for the wrapper, the heads follow from them; MultiHeadAttention's split is the `heads`
   * attribute. null (the default): the seeded weights of the attributes.
   */
  weights: AttentionLabWeights | null;
  /** Labels of the own inputs' T rows, drawn as the tokens. null: t1, t2, …. */
  tokens: string[] | null;
  /**
   * The author's own words over the catalogue's (a partial object; wins over strings-src). Setting
   * it re-draws the lesson with the same state; keys that are not the catalogue's, and values that
   * are not text, are named in a status line and left out.
   */
  strings: AttentionLabStrings | null;
}

/**
 * Attribute → setting name, e.g. 'd-out' → 'dOut': every setting under its kebab-case name (the
 * heads' layout rides on the `layout` attribute: layout="full loop").
 */
export declare const SETTING_ATTRIBUTES: Readonly<Record<string, keyof AttentionLabSettings>>;
/** An option's attribute name: its name in kebab-case ('qkvBias' → 'qkv-bias'). */
export declare function attributeName(name: string): string;
/** Attribute → view name: stage → step, head, item, numbers. */
export declare const VIEW_ATTRIBUTES: Readonly<Record<string, keyof AttentionLabView>>;

/** Defines the element under another tag name too (the module defines 'attention-lab' itself). */
export declare function defineAttentionLab(name?: string): void;

declare global {
  interface HTMLElementTagNameMap {
    'attention-lab': AttentionLabElement;
  }
  interface HTMLElementEventMap {
    'attention-lab-ready': CustomEvent<{ build: 'single' | 'threads' }>;
    'attention-lab-change': CustomEvent<AttentionLabChangeDetail>;
    'attention-lab-error': CustomEvent<AttentionLabErrorDetail>;
    'exercise-result': CustomEvent<AttentionLabExerciseResultDetail>;
  }
  // The element's events bubble out of its shadow root to the document.
  interface DocumentEventMap {
    'attention-lab-ready': CustomEvent<{ build: 'single' | 'threads' }>;
    'attention-lab-change': CustomEvent<AttentionLabChangeDetail>;
    'attention-lab-error': CustomEvent<AttentionLabErrorDetail>;
    'exercise-result': CustomEvent<AttentionLabExerciseResultDetail>;
  }
}
