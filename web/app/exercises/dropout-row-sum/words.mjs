// The dropout exercise's words in English; other languages: "exercise.dropout-row-sum.<key>".
export default Object.freeze({
  prompt:
    'Head {head}, first sentence, the row of query {query} “{token}”, in training mode with nn.Dropout(p = 0.5). The mask below says which weights dropout keeps.',
  caption: 'The attention weights of the row, and the dropout mask',
  key: 'key',
  weight: 'weight',
  mask: 'mask',
  kept: 'kept',
  dropped: 'dropped',
  after: 'after',
  sumField: 'The sum of the row after dropout',
  keptField: 'The weight of key {key} “{token}” after dropout',
  sumPart: 'The row’s sum after dropout',
  keptPart: 'The weight of key {key} after dropout',
  explain:
    'Dropout with p = {p} zeroes each weight with probability {p} and multiplies each kept ' +
    'one by 1/(1 − p) = {scale}. Key {key}’s weight {weight} becomes {weight} × {scale} = ' +
    '{keptValue}. The kept weights of this row add up to {keptSum}, so the row sums to ' +
    '{scale} × {keptSum} = {sum}, not 1: the scaling keeps the expected value of every weight ' +
    '(and so of the context vector) the same as without dropout, on average over many masks, ' +
    'not in any one row. In evaluation mode dropout does nothing and every row sums to 1. ' +
    'Accepted {tolerance}.',
});
