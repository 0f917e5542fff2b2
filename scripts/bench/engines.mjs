// The implementations the benchmark compares. Each engine lives in its own child process
// (scripts/bench/worker.mjs) or, in the browser run, its own Web Worker (web/bench/worker.mjs), so
// that thread settings that are global per module instance (ORT's env.wasm.numThreads) and WASM
// memory stay separate. An engine:
//   init({ threads, platform, ... }) → { threads, simd, build, notes[] }  (throws Unavailable if it can't)
//   setup(shape, weights, inputs) → { variants: [{ id, label }], failures: [{ id, label, error }], stateDict? }
//   forward(variant) → Float32Array (used for the cross-check)
//   run(variant, inner) → ms per call (inner calls, timed together, copies in and out included)
//   teardown()
// What differs between Node and a page (where the modules and .wasm files come from, whether
// tfjs may use threads) is the `platform` given to init: platform-node.mjs, web/bench/platform.mjs.
// So this file imports no Node module.
import { transpose } from './onnx-models.mjs';

export class Unavailable extends Error {}

const now = () => performance.now();

// ---------------------------------------------------------------------------------------------
// attention-lab (dist/index.mjs)
// ---------------------------------------------------------------------------------------------
export class OursEngine {
  lab;
  model;
  inputs;

  async init({ threads, dist, platform }) {
    let mod;
    try {
      mod = await platform.loadLab(dist);
    } catch (error) {
      throw new Unavailable(`cannot load attention-lab (${platform.labHint}): ${error.message}`);
    }
    this.lab = await mod.createAttentionLab({ threads });
    const lab = this.lab;
    const notes = [];
    if (lab.threads === undefined) {
      // The API before threads landed: always the single-threaded build.
      if (threads > 1) {
        this.terminate();
        throw new Unavailable(
          'createAttentionLab({ threads }) is not in this build of the API yet (lab.threads is missing)',
        );
      }
      notes.push('lab.threads/lab.simd/lab.build missing: pre-threads API');
    } else if (lab.threads !== threads) {
      const got = lab.threads;
      this.terminate();
      throw new Unavailable(
        `asked for ${threads} threads, lab.threads = ${got} (build '${lab.build ?? '?'}')`,
      );
    }
    let simd = lab.simd;
    if (typeof simd !== 'boolean') {
      simd = platform.labWasmUsesSimd?.(dist) ?? null;
      notes.push(
        `lab.simd missing: SIMD ${simd ? 'on' : simd === false ? 'off' : '?'} read from attention-core.wasm (v128 locals)`,
      );
    }
    // The relaxed-SIMD build (fused multiply-add) says so in lab.relaxedSimd; builds from before
    // it have SIMD128 kernels only. 'relaxed' shows in the table's SIMD column instead of 'on'.
    if (lab.relaxedSimd === true) simd = 'relaxed';
    return {
      threads: lab.threads ?? 1,
      simd,
      simdFlags: lab.relaxedSimd === true ? 'relaxed-simd' : simd ? 'simd128' : null,
      build: lab.build ?? 'single',
      api: {
        headExperiment: typeof lab.headExperiment === 'function',
        memoryBytes: typeof lab.memoryBytes === 'function',
        terminate: typeof lab.terminate === 'function',
      },
      notes,
    };
  }

  setup(shape, weights, inputs) {
    this.teardown();
    this.inputs = inputs;
    this.model = this.lab.createModel({
      batch: shape.batch,
      tokens: shape.tokens,
      dIn: shape.dIn,
      dOut: shape.dOut,
      heads: shape.heads,
      trace: false,
      seed: 1,
      ...(weights ? { weights } : {}),
    });
    // As a user running many forwards would, the timed variant writes every result into one array
    // (forward(x, { output })); the other returns a new array per call, as a single call does.
    // The difference is the allocation: when it needs fresh pages from the system, a 3 MB array
    // (S3) costs ~9 ms of page mapping on this 2-vCPU VM, on the calling thread. Builds from before
    // that option (--dist with an old build) are timed with a new array per call only.
    const { batch, tokens, dOut } = this.model.options;
    this.output = this.model.forward.length >= 2 ? new Float32Array(batch * tokens * dOut) : null;
    const result = {
      variants: this.output
        ? [
            {
              id: 'ours',
              label: 'attention-lab',
              note: 'output written into one reused array: model.forward(x, { output })',
            },
            {
              id: 'ours-new-array',
              label: 'attention-lab, new array per call',
              role: 'ours-variant',
              note: 'model.forward(x): a new output array per call (shown, not judged)',
            },
          ]
        : [
            {
              id: 'ours',
              label: 'attention-lab',
              note: 'model.forward(x): this build has no { output } option',
            },
          ],
      failures: [],
    };
    if (!weights) {
      const sd = this.model.stateDict();
      result.stateDict = Object.fromEntries(
        Object.entries(sd).map(([k, v]) => [
          k,
          { shape: [...v.shape], data: Float32Array.from(v.data) },
        ]),
      );
    }
    return result;
  }

  #options(variant) {
    return variant === 'ours' && this.output ? { output: this.output } : undefined;
  }

  forward(variant) {
    return this.model.forward(this.inputs, this.#options(variant)).output.data.slice();
  }

  run(variant, inner) {
    const { model, inputs } = this;
    const options = this.#options(variant);
    const t0 = now();
    for (let i = 0; i < inner; ++i) model.forward(inputs, options);
    return (now() - t0) / inner;
  }

  memoryBytes() {
    return typeof this.lab.memoryBytes === 'function' ? this.lab.memoryBytes() : null;
  }

  headExperiment(args) {
    if (typeof this.lab.headExperiment !== 'function')
      throw new Unavailable('lab.headExperiment() is not in this build of the API yet');
    return this.lab.headExperiment(args);
  }

  teardown() {
    this.model?.dispose();
    this.model = null;
  }

  terminate() {
    this.teardown();
    this.lab?.terminate?.();
  }
}

// ---------------------------------------------------------------------------------------------
// onnxruntime-web, wasm backend (SIMD builds only since 1.19; numThreads is global per process)
// ---------------------------------------------------------------------------------------------
export class OrtEngine {
  ort;
  sessions = new Map();
  dims;
  inputs;

  async init({ threads, models, platform }) {
    const loaded = await platform.loadOrt();
    this.ort = loaded.ort;
    this.ortModels = await import('./onnx-models.mjs');
    this.models = models;
    this.ort.env.wasm.numThreads = threads;
    this.ort.env.logLevel = 'error';
    // Instantiate the WASM runtime now (and check the thread count) with a one-node model.
    const probe = await this.ort.InferenceSession.create(tinyModel(this.ortModels), {
      executionProviders: ['wasm'],
    });
    await probe.release();
    const version = this.ort.env.versions?.web ?? '?';
    return {
      threads,
      simd: loaded.simd ?? true, // 1.19+ ships SIMD builds only
      build: `onnxruntime-web ${version} wasm EP (ort-wasm-simd-threaded)`,
      notes: [],
    };
  }

  async setup(shape, stateDict, inputs) {
    await this.teardown();
    this.inputs = inputs;
    this.dims = [shape.batch, shape.tokens, shape.dIn];
    const variants = [];
    const failures = [];
    for (const id of this.models) {
      const label = `ORT ${this.ortModels.ORT_MODELS[id]}`;
      try {
        const bytes = this.ortModels.buildOnnxModel(id, shape, stateDict);
        const session = await this.ort.InferenceSession.create(bytes, {
          executionProviders: ['wasm'],
          graphOptimizationLevel: 'all',
        });
        this.sessions.set(id, session);
        variants.push({ id, label });
      } catch (error) {
        failures.push({ id, label, error: oneLine(error) });
      }
    }
    return { variants, failures };
  }

  async #call(variant) {
    const session = this.sessions.get(variant);
    const out = await session.run({ x: new this.ort.Tensor('float32', this.inputs, this.dims) });
    const data = out.y.data; // on the CPU already: copied out of WASM memory by run()
    return data;
  }

  async forward(variant) {
    return Float32Array.from(await this.#call(variant));
  }

  async run(variant, inner) {
    const t0 = now();
    for (let i = 0; i < inner; ++i) await this.#call(variant);
    return (now() - t0) / inner;
  }

  async teardown() {
    for (const session of this.sessions.values()) await session.release();
    this.sessions.clear();
  }
}

function tinyModel({ buildOnnxModel }) {
  const d = 2;
  const sd = {};
  for (const k of ['W_query', 'W_key', 'W_value', 'out_proj'])
    sd[`${k}.weight`] = { data: new Float32Array(d * d) };
  sd['out_proj.bias'] = { data: new Float32Array(d) };
  return buildOnnxModel('plain', { batch: 1, tokens: 2, dIn: d, dOut: d, heads: 1 }, sd);
}

// ---------------------------------------------------------------------------------------------
// TensorFlow.js, wasm backend (XNNPACK). tfjs turns threads off under Node (IS_NODE → no
// WASM_HAS_MULTITHREAD_SUPPORT; its workers load from blob: URLs), so it is single-threaded there;
// in a cross-origin-isolated page it has threads (platform.tfjsThreads).
// ---------------------------------------------------------------------------------------------
export class TfjsEngine {
  tf;
  w;
  shape;
  inputs;

  async init({ threads, platform }) {
    if (threads !== 1 && !platform.tfjsThreads) throw new Unavailable(platform.tfjsThreadsWhy);
    const { tf, backend } = await platform.loadTfjs();
    this.tf = tf;
    // Before the backend starts: its thread pool is sized once (default: the CPU count).
    if (platform.tfjsThreads) backend.setThreadsCount(threads);
    if (!(await tf.setBackend('wasm'))) throw new Unavailable('tf.setBackend("wasm") failed');
    await tf.ready();
    const simd = Boolean(await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'));
    const got = backend.getThreadsCount?.() ?? 1;
    // tfjs-backend-wasm 4.22 in Chromium reports 1 thread after setThreadsCount(2), and its
    // matMul then runs on one thread (per-thread CPU time in /proc, checked once on 2026-11-30):
    // tensorflow/tfjs#8513. Such an engine is not a 2-thread peer, so it is not timed as one.
    if (got !== threads)
      throw new Unavailable(
        `asked tfjs-backend-wasm for ${threads} threads (setThreadsCount), it runs ${got} (getThreadsCount; tensorflow/tfjs#8513)`,
      );
    return {
      threads: got,
      simd,
      build: `tfjs-core ${tf.version_core} + tfjs-backend-wasm ${backend.version_wasm}`,
      notes: platform.tfjsThreads ? [] : [platform.tfjsThreadsWhy],
    };
  }

  setup(shape, stateDict, inputs) {
    this.teardown();
    const tf = this.tf;
    this.shape = shape;
    this.inputs = inputs;
    const { dIn, dOut, tokens: T } = shape;
    const get = (k) => stateDict[k]?.data;
    // Weights pre-transposed to (in × out): tfjs-wasm's matMul(x, W, false, true) is ~8× slower
    // than matMul(x, Wᵀ) at d = 768 (no XNNPACK path for a transposed B), so give it Wᵀ.
    const t2 = (k, rows, cols) => tf.tensor2d(transpose(get(k), rows, cols), [cols, rows]);
    this.w = {
      q: t2('W_query.weight', dOut, dIn),
      k: t2('W_key.weight', dOut, dIn),
      v: t2('W_value.weight', dOut, dIn),
      o: t2('out_proj.weight', dOut, dOut),
      ob: tf.tensor1d(get('out_proj.bias')),
      qb: get('W_query.bias') ? tf.tensor1d(get('W_query.bias')) : null,
      kb: get('W_key.bias') ? tf.tensor1d(get('W_key.bias')) : null,
      vb: get('W_value.bias') ? tf.tensor1d(get('W_value.bias')) : null,
      mask: tf.tensor2d(causalMaskArray(T), [T, T]),
      scale: tf.scalar(Math.sqrt(dOut / shape.heads)),
    };
    return { variants: [{ id: 'tfjs', label: 'tfjs-backend-wasm' }], failures: [] };
  }

  #call() {
    const tf = this.tf;
    const { batch: B, tokens: T, dIn, dOut, heads: h } = this.shape;
    const dh = dOut / h;
    const w = this.w;
    const y = tf.tidy(() => {
      const x = tf.tensor2d(this.inputs, [B * T, dIn]); // copy in
      const proj = (W, b) => {
        const p = tf.matMul(x, W);
        return b ? tf.add(p, b) : p;
      };
      // Per-head 2-D matMuls: tfjs-wasm's batched (rank > 2) and transposeB matMuls miss the
      // XNNPACK path (~7× slower at S3), so heads are unstacked and Kᵀ is materialized.
      const split = (t, perm, shape) =>
        tf.unstack(tf.reshape(tf.transpose(tf.reshape(t, [B, T, h, dh]), perm), shape));
      const q = split(proj(w.q, w.qb), [0, 2, 1, 3], [B * h, T, dh]);
      const kT = split(proj(w.k, w.kb), [0, 2, 3, 1], [B * h, dh, T]);
      const v = split(proj(w.v, w.vb), [0, 2, 1, 3], [B * h, T, dh]);
      const perHead = q.map((qi, i) => {
        const scores = tf.add(tf.div(tf.matMul(qi, kT[i]), w.scale), w.mask);
        return tf.matMul(tf.softmax(scores), v[i]);
      });
      const merged = tf.transpose(tf.reshape(tf.stack(perHead), [B, h, T, dh]), [0, 2, 1, 3]);
      const context = tf.reshape(merged, [B * T, dOut]);
      return tf.add(tf.matMul(context, w.o), w.ob);
    });
    const data = y.dataSync(); // copy out
    y.dispose();
    return data;
  }

  forward() {
    return Float32Array.from(this.#call());
  }

  run(_variant, inner) {
    const t0 = now();
    for (let i = 0; i < inner; ++i) this.#call();
    return (now() - t0) / inner;
  }

  teardown() {
    if (!this.w) return;
    for (const t of Object.values(this.w)) t?.dispose();
    this.w = null;
  }
}

function causalMaskArray(T) {
  const m = new Float32Array(T * T);
  for (let i = 0; i < T; ++i) for (let j = i + 1; j < T; ++j) m[i * T + j] = -Infinity;
  return m;
}

// ---------------------------------------------------------------------------------------------
// Plain JavaScript: Float32Array storage, straightforward loops, causal skipping (j ≤ i only).
// ---------------------------------------------------------------------------------------------
export class PlainJsEngine {
  init({ threads, platform }) {
    if (threads !== 1) throw new Unavailable('plain JS is single-threaded');
    return { threads: 1, simd: null, build: platform.jsRuntime, notes: [] };
  }

  setup(shape, stateDict, inputs) {
    this.shape = shape;
    this.inputs = inputs;
    const get = (k) => stateDict[k]?.data;
    this.w = {
      q: get('W_query.weight'),
      k: get('W_key.weight'),
      v: get('W_value.weight'),
      qb: get('W_query.bias'),
      kb: get('W_key.bias'),
      vb: get('W_value.bias'),
      o: get('out_proj.weight'),
      ob: get('out_proj.bias'),
    };
    return { variants: [{ id: 'js', label: 'plain JS loops' }], failures: [] };
  }

  forward() {
    return plainAttention(Float32Array.from(this.inputs), this.shape, this.w);
  }

  run(_variant, inner) {
    const t0 = now();
    for (let i = 0; i < inner; ++i)
      plainAttention(Float32Array.from(this.inputs), this.shape, this.w);
    return (now() - t0) / inner;
  }

  teardown() {
    this.w = null;
  }
}

// y (rows × out) = x (rows × in) · Wᵀ + b, W in PyTorch layout (out × in).
function linear(x, rows, nIn, W, nOut, bias) {
  const y = new Float32Array(rows * nOut);
  for (let r = 0; r < rows; ++r) {
    const xo = r * nIn;
    for (let o = 0; o < nOut; ++o) {
      const wo = o * nIn;
      let s = bias ? bias[o] : 0;
      for (let i = 0; i < nIn; ++i) s += x[xo + i] * W[wo + i];
      y[r * nOut + o] = s;
    }
  }
  return y;
}

export function plainAttention(x, { batch: B, tokens: T, dIn, dOut, heads: h }, w) {
  const rows = B * T;
  const dh = dOut / h;
  const scale = 1 / Math.sqrt(dh);
  const q = linear(x, rows, dIn, w.q, dOut, w.qb);
  const k = linear(x, rows, dIn, w.k, dOut, w.kb);
  const v = linear(x, rows, dIn, w.v, dOut, w.vb);
  const context = new Float32Array(rows * dOut);
  const p = new Float32Array(T);
  for (let b = 0; b < B; ++b) {
    for (let hd = 0; hd < h; ++hd) {
      const off = hd * dh;
      for (let i = 0; i < T; ++i) {
        const qi = (b * T + i) * dOut + off;
        let max = -Infinity;
        for (let j = 0; j <= i; ++j) {
          const kj = (b * T + j) * dOut + off;
          let s = 0;
          for (let e = 0; e < dh; ++e) s += q[qi + e] * k[kj + e];
          s *= scale;
          p[j] = s;
          if (s > max) max = s;
        }
        let sum = 0;
        for (let j = 0; j <= i; ++j) {
          const e = Math.exp(p[j] - max);
          p[j] = e;
          sum += e;
        }
        const ci = qi; // same (b, i, head) slot in the merged (B,T,d_out) layout
        for (let j = 0; j <= i; ++j) {
          const pj = p[j] / sum;
          const vj = (b * T + j) * dOut + off;
          for (let e = 0; e < dh; ++e) context[ci + e] += pj * v[vj + e];
        }
      }
    }
  }
  return linear(context, rows, dOut, w.o, dOut, w.ob);
}

function oneLine(error) {
  return String(error?.message ?? error)
    .split('\n')
    .filter(Boolean)
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400);
}

export const ENGINES = { ours: OursEngine, ort: OrtEngine, tfjs: TfjsEngine, js: PlainJsEngine };
