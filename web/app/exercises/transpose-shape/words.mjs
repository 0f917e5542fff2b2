// The transpose exercise's words in English; other languages: "exercise.transpose-shape.<key>".
export default Object.freeze({
  prompt:
    'B = {B}, T = {T}, d_out = {dOut}, h = {h}. After view the queries have the shape (B, T, h, d_h) = {shape}. What is the shape of {code}?',
  explain:
    'transpose(1, 2) swaps dimensions 1 and 2 (counting from 0): the tokens and the heads. ' +
    '(B, T, h, d_h) = {view} becomes (B, h, T, d_h) = {heads}. Now ' +
    'each of the {h} heads holds a (T, d_h) matrix of its own, so one batched matmul ' +
    'queries @ keys.transpose(2, 3) computes every head’s T × T scores at once (d_h = {dh}).',
});
