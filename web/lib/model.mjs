// A module with its weights (AttentionModel): the JS side of the core's Model. It owns the model's
// WebAssembly memory until dispose(), copies inputs in and results out through the heap, and
// turns the core's errors (handed over as data) into AttentionLabErrors.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { toFloat32, isNumberArray, readPlainOptions } from './options.mjs';
import { STAGES } from './contract.mjs';

const STAGE_NAMES = STAGES.map((s) => s.name);

// The core never throws across its boundary (a JS exception through WebAssembly frames would skip
// C++ destructors and leak): it returns { value } or { error }, and the error becomes an
// AttentionLabError here.
export function unwrap(result) {
  if (result.error !== undefined) throw fromCoreError(result.error);
  return result.value;
}

// Copies a result into the caller's array: element by element when it is small (a subarray view
// would cost more than the copy for the lecture's shapes), in one block otherwise.
function copyIntoArray(into, heap, start) {
  const count = into.length;
  if (count > 256) into.set(heap.subarray(start, start + count));
  else for (let i = 0; i < count; ++i) into[i] = heap[start + i];
}

// A new array holding `count` floats of WASM memory from `start`. Not heap.slice(): on the threaded
// build's SharedArrayBuffer, V8's slice copies element by element, some 40 times slower than the
// Float32Array constructor's block copy (12 ms instead of 0.3 ms for the page's 1.2 M-float trace).
function copyOut(heap, start, count) {
  if (count > 256) return new Float32Array(heap.subarray(start, start + count));
  const out = new Float32Array(count);
  for (let i = 0; i < count; ++i) out[i] = heap[start + i];
  return out;
}

// The float view of WASM memory. The threaded build's memory is a growable SharedArrayBuffer: when
// a worker thread grows it, the main thread's HEAPF32 still covers the old size, so compare it with
// the memory's current buffer and renew the view.
function heapF32(core) {
  const buffer = core.wasmMemory?.buffer;
  if (buffer !== undefined && core.HEAPF32.buffer !== buffer)
    core.HEAPF32 = new Float32Array(buffer);
  return core.HEAPF32;
}

// Frees the WASM memory of models that were garbage-collected without dispose().
const finalizer =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((model) => model.delete())
    : null;

export class AttentionModel {
  #core;
  #lab;
  #model;
  #options;
  #inputCount;

  #inputOffset;
  #handle;
  #outputShape;
  #outputCount;

  // `options` and `weights` are the checked, plain copies made by createModel: no user code runs
  // from here on.
  constructor(core, lab, engine, options, weights) {
    this.#core = core;
    this.#lab = lab;
    const model = new core.Model(options, weights, engine);
    const error = model.error();
    if (error !== undefined) {
      model.delete();
      throw fromCoreError(error);
    }
    this.#model = model;
    this.#options = Object.freeze(model.config()); // every option as the core resolved it
    this.#inputCount = this.#options.batch * this.#options.tokens * this.#options.dIn;
    finalizer?.register(this, model, this);
    // The input buffer never moves; the core knows the output's shape (B, T, D).
    this.#inputOffset = model.inputPointer() / 4;
    this.#handle = model.handle();
    this.#outputShape = model.outputShape();
    this.#outputCount = this.#outputShape.reduce((a, b) => a * b, 1);
  }

  /** The options this model was created with (defaults filled in). */
  get options() {
    return { ...this.#options };
  }

  /**
   * inputs: (B,T,d_in) row-major; returns { output, trace }. With { output: Float32Array } the
   * result is written into that array (and returned as output.data) instead of a new one.
   */
  forward(inputs, options) {
    // Read everything the caller passed first: a getter may dispose this model or terminate its
    // lab, and only then is the model looked at.
    const { output: into, trace: reuse, stages } = this.#forwardOptions(options);
    const length = isNumberArray(inputs) ? inputs.length : undefined;
    if (length !== undefined && length !== this.#inputCount) {
      const { batch, tokens, dIn } = this.#options;
      throw new AttentionLabError(
        `inputs has ${length} values; this model needs batch × tokens × dIn = ` +
          `${batch} × ${tokens} × ${dIn} = ${this.#inputCount} (row-major (B,T,d_in))`,
        { option: 'inputs', kind: 'InputError' },
      );
    }
    const data = toFloat32(inputs, 'inputs', this.#inputCount);
    const model = this.#alive();
    // Copy through the heap directly: no views or shape arrays are created per call, which is
    // most of the cost of a forward pass for the lecture's tiny shapes.
    // (The heap view is looked up each time: it is replaced when the memory grows.)
    const core = this.#core;
    heapF32(core).set(data, this.#inputOffset);
    // One plain WASM call (no Embind invoker); 0 means the core kept an error for error().
    const address = core._attention_lab_run(this.#handle);
    if (address === 0) throw fromCoreError(model.error());
    const pointer = address / 4;
    const heap = heapF32(core);
    if (into !== undefined) copyIntoArray(into, heap, pointer);
    // A result owns its memory: a new array per call (or the caller's own, with { output }).
    const output = {
      shape: this.#outputShape.slice(),
      data: into ?? copyOut(heap, pointer, this.#outputCount),
    };
    const trace = {};
    if (!this.#options.trace) return { output, trace };
    for (let i = 0, n = model.traceSize(); i < n; ++i) {
      // Views on WASM memory die with the next call: copy them out, into the caller's array of
      // that stage when it has the length (a block copy either way, see copyOut).
      const name = model.traceName(i);
      if (stages !== undefined && !stages.has(name)) continue;
      const view = model.traceView(i);
      const given = reuse?.[name]?.data;
      let data;
      if (given instanceof Float32Array && given.length === view.length) (data = given).set(view);
      else data = new Float32Array(view);
      trace[name] = { shape: model.traceShape(i), data };
    }
    return { output, trace };
  }

  /** The parameters under their PyTorch state_dict names: { key: { shape, data } }. */
  stateDict() {
    return this.#alive().stateDict();
  }

  /** Frees the model's WASM memory; the model cannot be used afterwards. */
  dispose() {
    if (!this.#model) return;
    finalizer?.unregister(this);
    this.#model.delete();
    this.#model = null;
  }

  // A caller's array for the output (forward's second argument, { output }): reusing one saves
  // allocating a new array per call and, for large outputs, the operating system mapping in fresh
  // pages for it (9 ms for the 3 MB of T = 1024, d = 768 on our 2-vCPU test machine).
  // A trace to write over ({ trace }): an earlier result's, whose arrays take this pass's stages
  // where their lengths match, for the same reason (the teaching page's 1.2 M-float trace at 64
  // tokens and 12 heads costs about 12 ms of fresh pages in Chromium per pass).
  // The stages to copy out ({ stages }): a pass that needs two of its stages need not copy the
  // other twenty (the page's dropout preview: 0.4 M floats instead of 1.2 M).
  #forwardOptions(options) {
    if (options === undefined) return {};
    const { output, trace, stages } = readPlainOptions(
      options,
      ['output', 'trace', 'stages'],
      "forward()'s second argument",
      'output',
    );
    return {
      output: this.#outputArray(output),
      trace: this.#traceToReuse(trace),
      stages: this.#stagesToCopy(stages),
    };
  }

  // Options that only a traced model takes.
  #requireTrace(option, what) {
    if (this.#options.trace) return;
    throw new AttentionLabError(
      `${option}: this model was created with trace: false, so forward() has no ${what}`,
      { option },
    );
  }

  #stagesToCopy(stages) {
    if (stages === undefined) return undefined;
    this.#requireTrace('stages', 'stages to return');
    const example = "such as ['attentionWeights', 'dropoutMask']";
    if (!Array.isArray(stages)) {
      const got = stages === null ? 'null' : typeof stages;
      throw new AttentionLabError(`stages must be a list of stage names ${example}; got ${got}`, {
        option: 'stages',
      });
    }
    for (const name of stages) {
      if (!STAGE_NAMES.includes(name)) {
        const shown = typeof name === 'string' ? `'${name.slice(0, 40)}'` : typeof name;
        throw new AttentionLabError(
          `stages: ${shown} is not a stage; the stages are ${STAGE_NAMES.join(', ')}`,
          { option: 'stages' },
        );
      }
    }
    return new Set(stages);
  }

  #traceToReuse(trace) {
    if (trace === undefined) return undefined;
    this.#requireTrace('trace', 'trace to write into it');
    if (trace === null || typeof trace !== 'object' || Array.isArray(trace)) {
      const got = trace === null ? 'null' : Array.isArray(trace) ? 'an array' : typeof trace;
      throw new AttentionLabError(
        `trace must be the trace of an earlier forward() ({ stage: { shape, data } }), whose arrays receive this pass's stages; got ${got}`,
        { option: 'trace' },
      );
    }
    return trace;
  }

  #outputArray(into) {
    if (into === undefined) return undefined;
    if (into instanceof Float32Array && into.length === this.#outputCount) return into;
    // Refused: the message (built only now, not on every call) says what is needed.
    const [batch, tokens, width] = this.#outputShape;
    const wanted = `a Float32Array of batch × tokens × width = ${batch} × ${tokens} × ${width} = ${this.#outputCount} values`;
    if (!(into instanceof Float32Array)) {
      const got =
        into === null ? 'null' : ArrayBuffer.isView(into) ? into.constructor.name : typeof into;
      throw new AttentionLabError(`output must be ${wanted} (it receives the result); got ${got}`, {
        option: 'output',
      });
    }
    throw new AttentionLabError(`output has ${into.length} values; it must be ${wanted}`, {
      option: 'output',
    });
  }

  #alive() {
    if (!this.#model) {
      throw new AttentionLabError(
        'this model was disposed; create a new one with lab.createModel()',
        {
          option: 'model',
          kind: 'Error',
        },
      );
    }
    if (this.#lab.terminated) {
      throw new AttentionLabError(
        'the lab of this model was terminated; create a new lab with createAttentionLab()',
        {
          option: 'lab',
          kind: 'Error',
        },
      );
    }
    return this.#model;
  }
}
