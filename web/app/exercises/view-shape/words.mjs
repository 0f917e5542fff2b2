// The view exercise's words in English; other languages: "exercise.view-shape.<key>".
export default Object.freeze({
  prompt:
    'B = {B} sentences of T = {T} tokens, d_out = {dOut}, h = {h} heads. The queries have the shape (B, T, d_out) = ({B}, {T}, {dOut}). What is the shape of {code}?',
  explain:
    'view keeps the numbers in their order and reads them with a new shape: the last size, ' +
    'd_out = {dOut}, is cut into h = {h} heads of d_h = d_out / h = {dOut} / {h} = {dh}. ' +
    'So (B, T, d_out) = {before} becomes (B, T, h, d_h) = {after}: ' +
    'still one row per token, now split by head.',
});
