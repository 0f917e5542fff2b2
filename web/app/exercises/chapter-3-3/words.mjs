// Exercise 3.3's words in English; other languages: "exercise.chapter-3-3.<key>" in their catalogue.
export default Object.freeze({
  prompt: '{name}’s attention: {module}.',
  headSizeField: 'The head size d_h',
  parametersField: 'Its parameters',
  headSizePart: 'Head size d_h',
  parametersPart: 'Parameters',
  explain:
    'Each head gets d_h = d_out / num_heads = {d} / {heads} = {headSize} columns. The block holds ' +
    'W_query, W_key and W_value, each {d} × {d} (qkv_bias=False), and the output projection, ' +
    '{d} × {d} plus {d} biases: 4 × {square} + {d} = {parameters}. The ' +
    'context length of {context} adds no parameter: it only sizes the mask buffer.',
});
