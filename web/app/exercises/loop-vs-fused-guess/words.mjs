// The loop-vs-fused exercise's words in English; other languages:
// "exercise.loop-vs-fused-guess.<key>" in their catalogue.
export default Object.freeze({
  prompt:
    'The lecture’s experiment with {heads} heads of size {headSize}, {tokens} tokens, a batch of {batch}: the same attention computed by a loop over per-head modules, and by one weight-split (fused) matmul. Guess first; Check then times both in your browser.',
  winnerLegend: 'Which form is faster?',
  factorLegend: 'By about how much?',
  winnerFused: 'the fused form (one matmul for all heads)',
  winnerLoop: 'the loop over heads',
  factor1: 'about the same, less than about 3×',
  factor10: 'about 10×: from about 3× to 30×',
  factor100: 'about 100×: from about 30× to 300×',
  factor1000: 'about 1000× or more',
  winnerPart: 'The faster form',
  factorPart: 'By about how much',
  or: ' or ',
  formFused: 'the fused form',
  formLoop: 'the loop form',
  tooClose: 'That is too close to call: either form counts as right. ',
  explain:
    'Measured now, {heads} heads of size {headSize}: the loop took {loopMs} ms and the fused ' +
    'form {fusedMs} ms a pass, so {faster} won by {ratio}× (their outputs differ by at most ' +
    '{difference}). {tooClose}A timing differs from run to run and machine to machine, so only ' +
    'the direction and the order of magnitude are judged. The loop computes the same numbers as ' +
    'many small matrix products, one per head, each paying its own fixed cost; the fused form ' +
    'does one large product. In the lecture, PyTorch’s per-call overhead made the loop far ' +
    'slower at 4,000 heads; compiled code pays far less per call, so the gap here is smaller.',
});
