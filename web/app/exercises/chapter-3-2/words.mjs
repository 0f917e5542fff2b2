// Exercise 3.2's words in English; other languages: "exercise.chapter-3-2.<key>" in their catalogue.
export default Object.freeze({
  prompt:
    'A batch of 2 × “{sentence}” (T = {T}, d_in = 3) goes through {module}. Which d_out makes its context vectors {width}-dimensional?',
  field: 'd_out',
  part: 'd_out of each head',
  wrong: ' With d_out = {given} the context vectors would be {heads} × {given} = {width} wide.',
  explain:
    'MultiHeadAttentionWrapper runs {heads} CausalAttention heads, each with its own d_out, and ' +
    'concatenates their context vectors along the last dimension: the width is num_heads × ' +
    'd_out. For {width} columns, d_out = {width} / {heads} = {dOut}. The core ran the wrapper ' +
    'with it: the context vectors have the shape {shape}.{wrong}',
});
