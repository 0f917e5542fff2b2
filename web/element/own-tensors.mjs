// The <attention-lab> element's own tensors: the `inputs`, `weights` and `tokens` properties, for
// pages that hold their numbers themselves (a notebook's module, a course's worked example). The
// lesson then computes with exactly these tensors: the sizes follow from their shapes, the core
// checks every value, and the element draws what lab.forward({ inputs, weights, … }) returns.
// The lab the lesson computes with is the shared one behind a thin wrapper (ownLab) whose embed()
// hands out the own inputs and whose createModel() adds the own weights, so that every pass of the
// page (the step's, the dropout preview's, the masking routes') uses them.
import { AttentionLabError } from '../lib/errors.mjs';

const fail = (option, message) => {
  throw new AttentionLabError(message, { option, kind: 'InputError' });
};

const INPUTS_FORMS =
  'nested arrays [[[…], …], …] of shape (B, T, d_in), or { data, shape: [B, T, d_in] }';

const isList = (v) => Array.isArray(v) || ArrayBuffer.isView(v);

// (B, T, d_in) nested arrays → { data, shape }; every sequence of T rows, every row of d_in.
function fromNested(inputs) {
  const B = inputs.length;
  const T = isList(inputs[0]) ? inputs[0].length : 0;
  const dIn = T && isList(inputs[0][0]) ? inputs[0][0].length : 0;
  if (!B || !T || !dIn) fail('inputs', `inputs must be ${INPUTS_FORMS}, with B, T, d_in ≥ 1`);
  const data = new Float32Array(B * T * dIn);
  inputs.forEach((sequence, b) => {
    if (!isList(sequence) || sequence.length !== T)
      fail('inputs', `inputs[${b}] must hold T = ${T} rows, as inputs[0] does`);
    Array.from(sequence).forEach((row, t) => {
      if (!isList(row) || row.length !== dIn)
        fail('inputs', `inputs[${b}][${t}] must hold d_in = ${dIn} numbers, as inputs[0][0] does`);
      Array.from(row).forEach((v, i) => {
        if (typeof v !== 'number')
          fail('inputs', `inputs[${b}][${t}][${i}] = ${String(v).slice(0, 40)}: not a number`);
        data[(b * T + t) * dIn + i] = v;
      });
    });
  });
  return { data, shape: [B, T, dIn] };
}

/** The inputs as { data: Float32Array, shape: [B, T, dIn] }; throws AttentionLabError. */
export function readInputs(inputs) {
  if (Array.isArray(inputs)) return fromNested(inputs);
  const shape = inputs?.shape;
  if (!inputs || typeof inputs !== 'object' || !isList(inputs.data) || !Array.isArray(shape))
    fail('inputs', `inputs must be ${INPUTS_FORMS}`);
  if (shape.length !== 3 || !shape.every((n) => Number.isInteger(n) && n >= 1))
    fail('inputs', `inputs.shape = [${shape.join(', ')}]: give [B, T, d_in], three sizes ≥ 1`);
  const [B, T, dIn] = shape;
  if (inputs.data.length !== B * T * dIn)
    fail(
      'inputs',
      `inputs.data holds ${inputs.data.length} numbers; shape [${shape.join(', ')}] needs ${B * T * dIn}`,
    );
  if (inputs.data instanceof Float32Array) return { data: inputs.data.slice(), shape: [...shape] };
  const data = Float32Array.from(inputs.data, (v, i) =>
    typeof v === 'number' ? v : fail('inputs', `inputs.data[${i}] is not a number`),
  );
  return { data, shape: [...shape] };
}

// The length of a state_dict value, in either of the API's forms (an array, or { data }).
const lengthOf = (value) => (isList(value) ? value : value?.data)?.length ?? NaN;

const CLASSES =
  'a state_dict of CausalAttention (W_query.weight, …), MultiHeadAttentionWrapper (heads.0.W_query.weight, …) or MultiHeadAttention (W_query.weight, …, out_proj.weight)';

/**
 * The module's settings that the weights fix, for inputs of width dIn: { module, dOut, qkvBias,
 * heads? } (the wrapper's heads are its modules; MultiHeadAttention's split is not in its
 * state_dict, so `heads` stays the element's). The core checks every key and value after this.
 */
export function weightSettings(weights, dIn) {
  if (!weights || typeof weights !== 'object' || isList(weights))
    fail('weights', `weights must be ${CLASSES}, keyed by those names`);
  const keys = Object.keys(weights);
  const wrapperHeads = new Set(keys.map((k) => /^heads\.(\d+)\./.exec(k)?.[1]).filter(Boolean));
  const module = keys.includes('out_proj.weight')
    ? 'mha'
    : wrapperHeads.size
      ? 'wrapper'
      : keys.includes('W_query.weight')
        ? 'causal'
        : fail(
            'weights',
            `weights: keys ${keys.slice(0, 4).join(', ') || '(none)'}…; expected ${CLASSES}`,
          );
  const prefix = module === 'wrapper' ? 'heads.0.' : '';
  const query = weights[`${prefix}W_query.weight`];
  const dOut = lengthOf(query) / dIn;
  if (!Number.isInteger(dOut) || dOut < 1)
    fail(
      'weights',
      `weights['${prefix}W_query.weight'] holds ${lengthOf(query)} numbers: not (d_out, d_in) for d_in = ${dIn}`,
    );
  const qkvBias = `${prefix}W_query.bias` in weights;
  return module === 'wrapper'
    ? { module, dOut, qkvBias, heads: wrapperHeads.size }
    : { module, dOut, qkvBias, ...(module === 'causal' ? { heads: 1 } : {}) };
}

/** The token labels: T strings, each shown as a token of the sentence. */
function readTokens(tokens, T) {
  if (tokens == null) return Array.from({ length: T }, (_, i) => ({ id: null, text: `t${i + 1}` }));
  if (!Array.isArray(tokens) || tokens.length !== T)
    fail('tokens', `tokens must be T = ${T} labels, one per row of the inputs`);
  return tokens.map((text) => ({ id: null, text: String(text) }));
}

const OWN_KEYS = ['inputs', 'weights', 'tokens'];

/**
 * Defines the `inputs`, `weights` and `tokens` properties on an element class's prototype: each
 * keeps its value in ownOf(element), an OwnTensors, and calls changed(element).
 */
export function defineOwnProperties(proto, ownOf, changed) {
  for (const key of OWN_KEYS) {
    Object.defineProperty(proto, key, {
      configurable: true,
      enumerable: true,
      get() {
        return ownOf(this)[key];
      },
      set(value) {
        const own = ownOf(this);
        own[key] = value ?? null;
        own.changed = true;
        changed(this);
      },
    });
  }
}

/**
 * What the element's properties hold (inputs, weights, tokens), and which of it the shown state
 * computes with (active: { settings, inputs, weights, tokens }, or null for the attributes alone).
 */
export class OwnTensors {
  inputs = null;
  weights = null;
  tokens = null;
  changed = false; // set since the last accept()
  active = null;
  core = null; // the lab itself (ownLab sets it): the check must not see the active tensors
  #before = null;

  /**
   * The settings the active tensors fix, over the attributes' `settings`, and whether the pass
   * must be computed afresh (new tensors). New tensors are checked by the core (one traceless
   * pass): refused, the AttentionLabError's message is shown above `frame` and the last accepted
   * tensors stay. A lab shown alone computes with the attributes only.
   */
  accept(settings, frame, { lab = '' } = {}) {
    this.#before = this.active;
    if (!this.changed || lab || !this.core)
      return { own: lab ? {} : this.active?.settings, fresh: false };
    this.changed = false;
    try {
      this.active = this.#check(settings);
      showError(frame, null);
      return { own: this.active?.settings, fresh: true };
    } catch (err) {
      if (err?.name !== 'AttentionLabError') throw err;
      showError(frame, err);
      return { own: this.active?.settings, fresh: false };
    }
  }

  /** After the pass: refused (a size the page does not draw, say), the last accepted ones stay. */
  settled(ok) {
    if (!ok) this.active = this.#before;
  }

  #check(settings) {
    if (this.inputs == null && this.weights == null && this.tokens == null) return null;
    if (this.tokens != null && this.inputs == null)
      fail('tokens', 'tokens label the rows of the own inputs: set inputs as well');
    const inputs = this.inputs == null ? null : readInputs(this.inputs);
    const own = {};
    if (inputs) Object.assign(own, { batch: inputs.shape[0], dIn: inputs.shape[2] });
    if (this.weights != null)
      Object.assign(own, weightSettings(this.weights, own.dIn ?? settings.dIn));
    const { sentence, ...options } = { ...settings, ...own, weights: this.weights ?? undefined };
    const tokens = inputs && readTokens(this.tokens, inputs.shape[1]);
    const model = this.core.createModel({
      ...options,
      ...(inputs ? { inputs: inputs.data } : { tokens: 1 }),
      trace: false,
    });
    try {
      if (inputs) model.forward(inputs.data);
    } finally {
      model.dispose();
    }
    return { settings: { ...own, weights: 'random' }, inputs, weights: this.weights, tokens };
  }
}

// The message of refused tensors, in the place the lesson shows a refused attribute's; null
// removes it.
function showError(frame, err) {
  let note = frame.parentNode.querySelector('.own-error');
  if (!err) return note?.remove();
  if (!note) {
    note = frame.ownerDocument.createElement('p');
    note.className = 'lab-error own-error';
    note.setAttribute('role', 'alert');
    frame.before(note);
  }
  note.textContent = err.message;
  frame.dispatchEvent(
    new CustomEvent('attention-lab-error', {
      detail: { message: err.message, option: err.option ?? '' },
      bubbles: true,
      composed: true,
    }),
  );
  return undefined;
}

/**
 * `lab` computing with the active tensors of `own` (an OwnTensors): embed() returns the own
 * inputs and tokens, createModel() adds the own weights; everything else is the lab's.
 */
export function ownLab(lab, own) {
  own.core = lab;
  const embed = (sentence, options = {}) => {
    const { inputs, tokens } = own.active ?? {};
    if (!inputs) return lab.embed(sentence, options);
    const [B, , dIn] = inputs.shape;
    if (options.dIn !== dIn || options.batch !== B)
      fail(
        options.dIn !== dIn ? 'dIn' : 'batch',
        `the element's own inputs are (B, T, d_in) = (${inputs.shape.join(', ')}): d_in and the batch follow them`,
      );
    return { sentence, tokens, inputs: inputs.data.slice(), shape: inputs.shape, source: 'own' };
  };
  const createModel = (options) => {
    const weights = own.active?.weights;
    return lab.createModel(weights ? { ...options, weights } : options);
  };
  const canTokenize = (text) => Boolean(own.active?.inputs) || lab.canTokenize(text);
  const mine = { embed, createModel, canTokenize };
  return new Proxy(lab, {
    get(target, key) {
      if (Object.hasOwn(mine, key)) return mine[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
