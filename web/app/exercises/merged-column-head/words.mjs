// The merge exercise's words in English; other languages: "exercise.merged-column-head.<key>".
export default Object.freeze({
  prompt:
    '{heads} heads of d_h = {dh} are merged into a tensor of d_out = {D} columns (B, T, {D}). Column {column} (counting from 1): which head’s context vectors fill it?',
  headField: 'The head of column {column} (1 to {heads})',
  identityLegend: 'If the output projection were W_o = identity (bias 0), the output would be…',
  same: 'The output equals the merged tensor: the heads stay side by side, unmixed.',
  mix: 'Each output column becomes a mix of every head’s columns.',
  sum: 'The heads are added up into one d_h-wide vector.',
  headPart: 'The head of column {column}',
  identityPart: 'What W_o = identity does',
  outputSame: 'is exactly the merged tensor',
  outputDiffers: 'still differs from the merged tensor',
  explain:
    'Merging transposes the context vectors back to (B, T, h, d_h) and views them as (B, T, ' +
    'd_out): head 1’s {dh} columns come first, then head 2’s, and so on. Column {column} of ' +
    '{D} is column {headColumn} of head {head}, since {index} ÷ d_h = {index} ÷ ' +
    '{dh} rounds down to {head0} (counting from 0). The output projection multiplies by W_o, ' +
    'whose every output column weighs all {D} merged columns: that is what mixes the {heads} heads. ' +
    'With W_o = identity and bias 0, each output column takes only its own merged column, so the ' +
    'output {output} (the core ran it with those weights): nothing is mixed.',
});
