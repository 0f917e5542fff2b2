// ONNX models of attention-lab's causal multi-head self-attention, built in JS with onnx-proto
// (no Python). Weights come from model.stateDict() (PyTorch layout W: out × in), so every MatMul
// gets Wᵀ (in × out) as its initializer.
//
//   plain     MatMul/Add → Reshape/Transpose → MatMul(Q, Kᵀ) → Div √d_h → Add(mask: −∞ above the
//             diagonal) → Softmax → MatMul(·, V) → Transpose/Reshape → MatMul/Add (out_proj)
//   mha       Q/K/V projections as MatMul(+Add) → com.microsoft.MultiHeadAttention (unidirectional=1)
//             → out_proj
//   attn23    Q/K/V projections as MatMul(+Add) → ONNX Attention (opset 23, is_causal=1, 3-D inputs
//             with q_num_heads = kv_num_heads = h) → out_proj
//   contrib   com.microsoft.Attention (unidirectional=1): x and the packed [Wqᵀ|Wkᵀ|Wvᵀ] go in, the
//             projections happen inside the op → out_proj. Not one of the three models; an
//             extra ORT variant (the fused-QKV path), kept separate with --ort-models.
// onnx-proto is CommonJS: a default import works in Node and in esbuild's browser bundle alike.
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;
const INT = onnx.AttributeProto.AttributeType.INT;
const INTS = onnx.AttributeProto.AttributeType.INTS;

export const ORT_MODELS = {
  plain: 'ONNX plain ops',
  mha: 'com.microsoft.MultiHeadAttention',
  attn23: 'ONNX Attention (opset 23)',
  contrib: 'com.microsoft.Attention (QKV inside)',
};

/** W (rows × cols, row-major) → Wᵀ (cols × rows). */
export function transpose(w, rows, cols) {
  const t = new Float32Array(rows * cols);
  for (let r = 0; r < rows; ++r) for (let c = 0; c < cols; ++c) t[c * rows + r] = w[r * cols + c];
  return t;
}

const bytesOf = (typed) => new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
const floatInit = (name, dims, data) => ({ name, dims, dataType: FLOAT, rawData: bytesOf(data) });
const int64Init = (name, values) => ({
  name,
  dims: [values.length],
  dataType: INT64,
  rawData: bytesOf(BigInt64Array.from(values.map(BigInt))),
});
const valueInfo = (name, dims) => ({
  name,
  type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
});
const intAttr = (name, i) => ({ name, type: INT, i });
const node = (opType, input, output, extra = {}) => ({
  opType,
  input,
  output,
  name: output[0],
  ...extra,
});

function weightsOf(stateDict, dIn, dOut) {
  const get = (k) => stateDict[k]?.data ?? stateDict[k];
  const w = {};
  for (const [key, name] of [
    ['W_query', 'q'],
    ['W_key', 'k'],
    ['W_value', 'v'],
  ]) {
    w[`${name}T`] = transpose(get(`${key}.weight`), dOut, dIn);
    const bias = get(`${key}.bias`);
    if (bias) w[`${name}b`] = bias;
  }
  w.oT = transpose(get('out_proj.weight'), dOut, dOut);
  w.ob = get('out_proj.bias');
  return w;
}

/** Causal mask (T, T): 0 on and below the diagonal, −∞ above. */
export function causalMask(tokens) {
  const m = new Float32Array(tokens * tokens);
  for (let i = 0; i < tokens; ++i)
    for (let j = i + 1; j < tokens; ++j) m[i * tokens + j] = -Infinity;
  return m;
}

/**
 * Serialized ONNX model (Uint8Array) of one variant.
 * shape: { batch, tokens, dIn, dOut, heads }; stateDict: { key: { shape, data } }.
 */
export function buildOnnxModel(variant, { batch: B, tokens: T, dIn, dOut, heads: h }, stateDict) {
  if (!ORT_MODELS[variant]) throw new Error(`unknown ONNX variant '${variant}'`);
  const dh = dOut / h;
  const w = weightsOf(stateDict, dIn, dOut);
  const nodes = [];
  const inits = [floatInit('Wo_T', [dOut, dOut], w.oT), floatInit('bo', [dOut], w.ob)];
  const opsets = [{ domain: '', version: 23 }];

  // x (B,T,d_in) · Wᵀ (+ b) → (B,T,d_out), named queries / keys / values.
  const project = (name, out, withBias = true) => {
    inits.push(floatInit(`W${name}_T`, [dIn, dOut], w[`${name}T`]));
    if (withBias && w[`${name}b`]) {
      inits.push(floatInit(`b${name}`, [dOut], w[`${name}b`]));
      nodes.push(
        node('MatMul', ['x', `W${name}_T`], [`${out}_nobias`]),
        node('Add', [`${out}_nobias`, `b${name}`], [out]),
      );
    } else {
      nodes.push(node('MatMul', ['x', `W${name}_T`], [out]));
    }
  };
  const projectAll = (withBias = true) => {
    project('q', 'queries', withBias);
    project('k', 'keys', withBias);
    project('v', 'values', withBias);
  };
  const perm = (ints) => ({ attribute: [{ name: 'perm', type: INTS, ints }] });

  let context; // (B,T,d_out) before out_proj
  if (variant === 'plain') {
    projectAll();
    inits.push(int64Init('split_heads', [B, T, h, dh]), int64Init('merge_heads', [B, T, dOut]));
    inits.push(floatInit('sqrt_dh', [], new Float32Array([Math.sqrt(dh)])));
    inits.push(floatInit('mask', [T, T], causalMask(T)));
    nodes.push(
      node('Reshape', ['queries', 'split_heads'], ['q4']),
      node('Transpose', ['q4'], ['qh'], perm([0, 2, 1, 3])),
      node('Reshape', ['keys', 'split_heads'], ['k4']),
      node('Transpose', ['k4'], ['khT'], perm([0, 2, 3, 1])),
      node('Reshape', ['values', 'split_heads'], ['v4']),
      node('Transpose', ['v4'], ['vh'], perm([0, 2, 1, 3])),
      node('MatMul', ['qh', 'khT'], ['scores']),
      node('Div', ['scores', 'sqrt_dh'], ['scaled']),
      node('Add', ['scaled', 'mask'], ['masked']),
      node('Softmax', ['masked'], ['weights'], { attribute: [intAttr('axis', -1)] }),
      node('MatMul', ['weights', 'vh'], ['ctx_h']),
      node('Transpose', ['ctx_h'], ['ctx_t'], perm([0, 2, 1, 3])),
      node('Reshape', ['ctx_t', 'merge_heads'], ['context']),
    );
    context = 'context';
  } else if (variant === 'mha') {
    opsets.push({ domain: 'com.microsoft', version: 1 });
    // Q/K/V biases, if any, go through the op's own bias input (its intended path).
    projectAll(false);
    const inputs = ['queries', 'keys', 'values'];
    if (w.qb) {
      const bias = new Float32Array(3 * dOut);
      bias.set(w.qb, 0);
      bias.set(w.kb, dOut);
      bias.set(w.vb, 2 * dOut);
      inits.push(floatInit('qkv_bias', [3 * dOut], bias));
      inputs.push('qkv_bias');
    }
    nodes.push(
      node('MultiHeadAttention', inputs, ['context'], {
        domain: 'com.microsoft',
        attribute: [intAttr('num_heads', h), intAttr('unidirectional', 1)],
      }),
    );
    context = 'context';
  } else if (variant === 'attn23') {
    projectAll();
    nodes.push(
      node('Attention', ['queries', 'keys', 'values'], ['context'], {
        attribute: [intAttr('is_causal', 1), intAttr('q_num_heads', h), intAttr('kv_num_heads', h)],
      }),
    );
    context = 'context';
  } else if (variant === 'contrib') {
    opsets.push({ domain: 'com.microsoft', version: 1 });
    const packed = new Float32Array(dIn * 3 * dOut);
    for (let i = 0; i < dIn; ++i) {
      packed.set(w.qT.subarray(i * dOut, (i + 1) * dOut), i * 3 * dOut);
      packed.set(w.kT.subarray(i * dOut, (i + 1) * dOut), i * 3 * dOut + dOut);
      packed.set(w.vT.subarray(i * dOut, (i + 1) * dOut), i * 3 * dOut + 2 * dOut);
    }
    const bias = new Float32Array(3 * dOut);
    if (w.qb) {
      bias.set(w.qb, 0);
      bias.set(w.kb, dOut);
      bias.set(w.vb, 2 * dOut);
    }
    inits.push(
      floatInit('Wqkv_T', [dIn, 3 * dOut], packed),
      floatInit('qkv_bias', [3 * dOut], bias),
    );
    nodes.push(
      node('Attention', ['x', 'Wqkv_T', 'qkv_bias'], ['context'], {
        domain: 'com.microsoft',
        attribute: [intAttr('num_heads', h), intAttr('unidirectional', 1)],
      }),
    );
    context = 'context';
  }
  nodes.push(
    node('MatMul', [context, 'Wo_T'], ['out_nobias']),
    node('Add', ['out_nobias', 'bo'], ['y']),
  );

  const model = onnx.ModelProto.create({
    irVersion: 10,
    producerName: 'attention-lab bench',
    opsetImport: opsets,
    graph: {
      name: `attention_${variant}`,
      node: nodes,
      initializer: inits,
      input: [valueInfo('x', [B, T, dIn])],
      output: [valueInfo('y', [B, T, dOut])],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
