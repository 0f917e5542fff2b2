// The mask-why exercise's words in English; other languages: "exercise.mask-why.<key>".
export default Object.freeze({
  prompt:
    'Head {head}, first sentence, the row of query {query} “{token}”: the keys after it are the future. Two ways to hide them: set their weights to 0 after the softmax, or set their scores to −∞ before it. What does the row sum to each way?',
  caption: 'The two rows of weights, query {query}',
  key: 'key',
  zeroedRow: 'zeroed after',
  negInfRow: '−∞ before',
  naiveLegend: 'Future weights set to 0 after the softmax: the row sums to…',
  negInfLegend: 'Future scores set to −∞ before the softmax: the row sums to…',
  one: 'exactly 1 (up to float rounding)',
  less: 'less than 1',
  more: 'more than 1',
  naivePart: 'Zeroed after the softmax',
  negInfPart: '−∞ before the softmax',
  explain:
    'Row {row} may see {row} of the {T} keys. The softmax of the whole row ' +
    'spreads 1 over all {T} keys; zeroing the {future} future ones afterwards ' +
    'throws their share away, so the row sums to {naiveSum}, and would need a second ' +
    'division by its sum. A score of −∞ has e^−∞ = 0, so the softmax itself gives the future ' +
    'exactly 0 and shares the whole 1 among the past: the row sums to {negInfSum}.',
});
