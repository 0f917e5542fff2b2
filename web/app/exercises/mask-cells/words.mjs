// The mask exercise's words in English; other languages: "exercise.mask-cells.<key>".
export default Object.freeze({
  prompt:
    'The scores of “{sentence}” form a {T} × {T} grid: one row per query, one column per key. Click (or move with the arrow keys and press Space on) every cell the causal mask will set to −∞.',
  caption: 'Scores: pick the cells to hide',
  none: 'none',
  missedPart: 'Future cells you left visible',
  extraPart: 'Cells you hid that a query may see',
  explain:
    'With {T} tokens the mask hides the {hidden} cells above the diagonal, ' +
    'T(T − 1)/2 = {T}·{T1}/2: row i is the query of token i, and it may attend to keys 1 to i ' +
    '(itself and the tokens before it), never to a later token, which a model generating text ' +
    'has not seen yet. Those scores become −∞ before the softmax, so their weights are exactly 0 ' +
    'and the rest of the row still sums to 1. The diagonal stays: a token sees itself.',
});
