// The parameter exercise's words in English; other languages: "exercise.param-count.<key>".
export default Object.freeze({
  gpt2: 'GPT-2 small',
  gpt2Bias: 'GPT-2 small with qkv_bias=True',
  gpt3: 'GPT-3',
  lecture: 'the lecture’s example',
  prompt:
    '{name}: {module}, with the output projection’s bias. How many parameters (numbers that training changes) do they have?',
  queryField: 'W_query',
  totalField: 'The whole block (W_query, W_key, W_value and out_proj)',
  hint: 'Thousands separators are fine: 1,234,567.',
  queryPart: 'Parameters of W_query',
  totalPart: 'Parameters of the block',
  withBias: ', plus {biases} biases (qkv_bias=True)',
  noBias: ', and no bias (qkv_bias=False)',
  explain:
    'W_query is an nn.Linear({dIn}, {dOut}): a {dIn} × {dOut} weight, {matrix} ' +
    'numbers{bias}, so {query}. W_key and W_value are the same size, and the output projection ' +
    'nn.Linear({dOut}, {dOut}) has {square} weights and {outBiases} biases. ' +
    'In all: {list} = {total}. The number of heads changes none of this: the heads ' +
    'split the same matrices.',
});
