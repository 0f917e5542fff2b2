// The trained language model (docs/TRAINING.md) in the API: lab.loadWeights('trained') reads the
// shipped weights file (brown.atlm, beside this module) once per lab, and the core parses it (one
// parser: header, CRC-32, int8 rows). explain(sentence) runs the sentence through it: GPT-2 tokens
// → the block's inputs (token + position embeddings) → the lecture's MultiHeadAttention with the
// trained weights (the same forward pass and trace as the lecture's random weights) → the top-5
// next tokens per position. roles() gives each head's measured role shares from the file's facts.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { unwrap } from './model.mjs';
import { tokenizeSentence } from './embeddings.mjs';
import { tokenText } from './tokens.mjs';
import { percent } from './present.mjs';
import { nodeBuiltin } from './node-builtin.mjs';

/** The weights the API can load by name, and the file each one is in. */
export const WEIGHTS = Object.freeze({ trained: 'brown.atlm' });

/** How many next tokens explain() lists per position. */
export const NEXT_TOKENS = 5;

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// Written as a literal `new URL(…, import.meta.url)` so that bundlers (Vite, webpack) emit the file.
const fileUrl = () => new URL('./brown.atlm', import.meta.url);

// The file's bytes: read from disk in Node, fetched relative to this module in browsers.
async function readWeightsFile() {
  const url = fileUrl();
  try {
    if (inNode && url.protocol === 'file:') {
      const fs = await nodeBuiltin('node:fs');
      return new Uint8Array(await fs.promises.readFile(url));
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (cause) {
    throw new AttentionLabError(
      `the trained weights file could not be read from ${url.href}: ${cause.message}`,
      { option: 'weights', kind: 'InputError', cause },
    );
  }
}

/**
 * The bytes behind `source`: 'trained' (the shipped file), or the file's bytes themselves
 * (Uint8Array or ArrayBuffer, e.g. a file hosted elsewhere or written by `npm run train`).
 */
export async function weightsBytes(source) {
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) return ownCopy(source);
  if (typeof source === 'string' && Object.hasOwn(WEIGHTS, source)) return readWeightsFile();
  const names = Object.keys(WEIGHTS)
    .map((n) => `'${n}'`)
    .join(', ');
  const shown = typeof source === 'string' ? `'${source.slice(0, 40)}'` : typeof source;
  throw new AttentionLabError(
    `unknown weights ${shown}: allowed are ${names} or the bytes of a weights file (a Uint8Array)`,
    { option: 'weights', kind: 'OptionError' },
  );
}

// The typed-array internals, not properties a caller can redefine (a `length` that lies).
const typedArrayByteLength = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype),
  'byteLength',
).get;

// A fresh Uint8Array holding the bytes, or an AttentionLabError saying why they cannot be read:
// something that only looks like a Uint8Array (its prototype, without bytes behind it), or a
// buffer that was detached (transferred to a worker, or freed), whose bytes are gone.
function ownCopy(source) {
  try {
    return source instanceof ArrayBuffer
      ? new Uint8Array(ArrayBuffer.prototype.slice.call(source, 0))
      : Uint8Array.prototype.slice.call(source);
  } catch (cause) {
    let real = source instanceof ArrayBuffer;
    if (!real) {
      try {
        typedArrayByteLength.call(source);
        real = true;
      } catch {
        real = false;
      }
    }
    const why = real
      ? 'its buffer was detached (transferred to a worker or freed), so its bytes are gone'
      : 'it is not a real Uint8Array (an object made from its prototype holds no bytes)';
    throw new AttentionLabError(
      `the weights file's bytes cannot be read: ${why}; pass the file's bytes as a Uint8Array or ` +
        'an ArrayBuffer',
      { option: 'weights', kind: 'InputError', cause },
    );
  }
}

/** A token as explain() lists it: its GPT-2 id and text, and whether the model has its own id. */
function describeToken(id, modelId, other) {
  return { id, text: id >= 0 ? tokenText(id) : '', modelId, shared: modelId === other };
}

export class TrainedModel {
  #model;
  #createModel;
  #info;
  #stateDict;
  #roles;

  // core: the WASM module; bytes: the file; createModel: the lab's createModel(options).
  constructor(core, bytes, createModel) {
    const model = new core.TrainedModel(bytes);
    const error = model.error();
    if (error !== undefined) {
      model.delete();
      throw fromCoreError(error);
    }
    this.#model = model;
    this.#createModel = createModel;
    const { facts, ...sizes } = model.info();
    this.#info = Object.freeze({ ...sizes, facts: Object.freeze(Object.fromEntries(facts)) });
  }

  /**
   * { vocabulary (V, the shared id included), width (d), heads (h), context, dropout, facts }: the
   * file's sizes and the facts of its training ("key value" lines: losses, baselines, corpus, …).
   */
  get info() {
    return this.#info;
  }

  /** The forward() options of the trained block: MultiHeadAttention(d, d, context, p, h), eval. */
  get options() {
    const { width, heads, dropout } = this.#info;
    return {
      module: 'mha',
      dIn: width,
      dOut: width,
      heads,
      qkvBias: false,
      causal: true,
      dropout,
      training: false,
    };
  }

  /** The block's parameters under their state_dict names: { key: { shape, data } }. */
  stateDict() {
    this.#stateDict ??= this.#alive().stateDict();
    return this.#stateDict;
  }

  /**
   * Every head's measured role shares, from the file's facts: { roles: [{ name, description,
   * queries }], trained: [{ head, role, share, lift, description, label, shares }], random:
   * [{ head, shares }] }. head counts from 1 (as the page shows heads); shares is { role: share }.
   */
  roles() {
    this.#roles ??= readRoles(unwrap(this.#alive().roles()));
    return this.#roles;
  }

  /**
   * A sentence through the trained model: { sentence, tokens, inputs, options, forward, next }.
   * tokens: [{ id, text, modelId, shared }] (shared: the token has no id of its own and shares
   * the last one with every rare token); inputs: { shape (1,T,d), data } (token + position
   * embeddings); options: the block's options as the core resolved them; forward: the trained
   * block's { output, trace } (as lab.forward() gives them); next: per
   * position, the 5 most probable next tokens [{ id, text, modelId, shared, probability }].
   */
  explain(sentence) {
    const model = this.#alive();
    // Outer whitespace trimmed, as embed() does: GPT-2 would make a leading space a token.
    const tokens = tokenizeSentence(typeof sentence === 'string' ? sentence.trim() : sentence);
    const { context, width, vocabulary } = this.#info;
    if (tokens.length > context) {
      throw new AttentionLabError(
        `the sentence has ${tokens.length} tokens; the trained model reads at most ${context} ` +
          '(its context length): use a shorter sentence',
        { option: 'sentence', kind: 'InputError' },
      );
    }
    const run = unwrap(
      model.run(
        Int32Array.from(tokens, (t) => t.id),
        // A model with fewer tokens than NEXT_TOKENS (vocabulary 2 is allowed) lists all of them.
        Math.min(NEXT_TOKENS, vocabulary),
      ),
    );
    const other = vocabulary - 1;
    const T = tokens.length;
    // The trained block is the lecture's MultiHeadAttention with these weights: the same Model,
    // forward pass and trace as the random weights, so every stage reads the same way.
    const block = this.#createModel({ ...this.options, tokens: T, weights: this.stateDict() });
    let forward;
    let options;
    try {
      forward = block.forward(run.inputs);
      options = block.options;
    } finally {
      block.dispose();
    }
    return {
      sentence,
      tokens: tokens.map((t, i) => describeToken(t.id, run.modelIds[i], other)),
      inputs: { shape: [1, T, width], data: run.inputs },
      options,
      forward,
      next: run.next.map((row) =>
        row.map((n) => ({ ...describeToken(n.id, n.modelId, other), probability: n.probability })),
      ),
    };
  }

  /** Whether dispose() was called (lab.loadWeights() then reads the file again). */
  get disposed() {
    return this.#model === null;
  }

  /** Frees the model's WASM memory; the model cannot be used afterwards. */
  dispose() {
    this.#model?.delete();
    this.#model = null;
  }

  #alive() {
    if (!this.#model) {
      throw new AttentionLabError(
        "these trained weights were disposed; load them again with lab.loadWeights('trained')",
        { option: 'weights', kind: 'Error' },
      );
    }
    return this.#model;
  }
}

// The core's { names, descriptions, queries, trained, random, strongest } as records per head.
function readRoles({ names, descriptions, queries, trained, random, strongest }) {
  const sharesOf = (row) => Object.fromEntries(names.map((name, r) => [name, row[r]]));
  const roles = names.map((name, r) => ({
    name,
    description: descriptions[r],
    queries: queries[r],
  }));
  const describe = Object.fromEntries(names.map((name, r) => [name, descriptions[r]]));
  return deepFreeze({
    roles,
    trained: trained.map((row, h) => {
      const { role, share, lift } = strongest[h];
      return {
        head: h + 1,
        role,
        share,
        lift,
        description: describe[role],
        label: roleLabel(h + 1, share, describe[role]),
        shares: sharesOf(row),
      };
    }),
    random: random.map((row, h) => ({ head: h + 1, shares: sharesOf(row) })),
  });
}

/** "head 3: 64 % of its weight on the previous token". */
export function roleLabel(head, share, description) {
  return `head ${head}: ${percent(share)} of its weight on ${description}`;
}

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
