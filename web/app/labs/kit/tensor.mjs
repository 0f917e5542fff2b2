// The few PyTorch tensor operations the labs redo on the core's numbers to show what they do:
// view (same numbers, new shape), transpose(1, 2) (the numbers move), matmul of two matrices and the
// largest difference between two tensors. Tensors are { shape, data } in row-major order, as the
// API returns them.

/** Row-major strides of a shape: [T·d, d, 1] for (B, T, d). */
export function strides(shape) {
  const out = new Array(shape.length).fill(1);
  for (let i = shape.length - 2; i >= 0; --i) out[i] = out[i + 1] * shape[i + 1];
  return out;
}

/** tensor[i0, i1, …]. */
export function at(tensor, ...index) {
  const s = strides(tensor.shape);
  let offset = 0;
  for (let i = 0; i < index.length; ++i) offset += index[i] * s[i];
  return tensor.data[offset];
}

/** tensor.view(shape): the same numbers in the same order, read with another shape. */
export function view(tensor, shape) {
  const count = shape.reduce((a, b) => a * b, 1);
  if (count !== tensor.data.length) {
    throw new Error(`shape [${shape}] is invalid for input of size ${tensor.data.length}`);
  }
  return { shape: [...shape], data: tensor.data };
}

/** tensor.transpose(1, 2).contiguous() of a 4-D tensor: (a, b, c, d) → (a, c, b, d). */
export function transpose12({ shape: [a, b, c, d], data }) {
  const out = new Float32Array(data.length);
  for (let i = 0; i < a; ++i)
    for (let j = 0; j < b; ++j)
      for (let k = 0; k < c; ++k)
        for (let l = 0; l < d; ++l)
          out[((i * c + k) * b + j) * d + l] = data[((i * b + j) * c + k) * d + l];
  return { shape: [a, c, b, d], data: out };
}

/**
 * The largest |a − b| over two tensors ({ shape, data }: Infinity when the shapes differ) or two
 * arrays of numbers; equal values count as equal, −∞ against −∞ included.
 */
export function maxAbsDifference(a, b) {
  if (a.shape && a.shape.join() !== b.shape.join()) return Infinity;
  const [x, y] = a.shape ? [a.data, b.data] : [a, b];
  let max = 0;
  for (let i = 0; i < x.length; ++i) {
    // −∞ against −∞ (a masked score in both) is equal, not ∞ − ∞ = NaN.
    if (x[i] !== y[i]) max = Math.max(max, Math.abs(x[i] - y[i]));
  }
  return max;
}

/** The (rows × cols) matrix at the leading indices of a tensor: matrixAt(scores, 0, 1) = scores[0, 1]. */
export function matrixAt(tensor, ...lead) {
  const rows = tensor.shape.at(-2);
  const cols = tensor.shape.at(-1);
  let offset = 0;
  const s = strides(tensor.shape);
  lead.forEach((i, k) => (offset += i * s[k]));
  return { shape: [rows, cols], data: tensor.data.subarray(offset, offset + rows * cols) };
}

/** The transpose of a (rows × cols) matrix: the stored nn.Linear weight (out, in) as x · Wᵀ uses it. */
export function transposed({ shape: [rows, cols], data }) {
  const out = new Float32Array(data.length);
  for (let r = 0; r < rows; ++r)
    for (let c = 0; c < cols; ++c) out[c * rows + r] = data[r * cols + c];
  return { shape: [cols, rows], data: out };
}

/** The n × n identity, as a flat row-major array. */
export function identity(n) {
  const out = new Float32Array(n * n);
  for (let i = 0; i < n; ++i) out[i * n + i] = 1;
  return out;
}

/** The mean of a list of numbers. */
export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
