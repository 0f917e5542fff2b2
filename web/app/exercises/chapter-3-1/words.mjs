// Exercise 3.1's words in English; other languages: "exercise.chapter-3-1.<key>" in their catalogue.
export default Object.freeze({
  prompt:
    '“{sentence}” (T = {T}) embedded with d_in = 3 goes through {v2} (torch.manual_seed({seed})) and through {v1}.',
  transferredLegend:
    'v1 with W_query = v2.W_query.weight.T (and the same for keys and values) gives…',
  ownLegend: 'v1 with its own torch.rand matrices gives…',
  same: 'the same output (up to float rounding)',
  different: 'a different output',
  transferredPart: 'v1 with W = v2’s weight.T',
  ownPart: 'v1 with its own random matrices',
  explain:
    'Both classes compute queries = x · W_query, keys = x · W_key, values = x · W_value, then the ' +
    'same scaled softmax. nn.Linear stores its weight as (d_out, d_in) and computes x · weightᵀ, ' +
    'while v1 keeps W as (d_in, d_out) and computes x · W: so v1 with W = weight.T multiplies by ' +
    'the very same numbers. The core ran both: the largest difference is {transferred}. ' +
    'Without the transfer, v1 draws its matrices with torch.rand and v2 with nn.Linear’s own ' +
    'initialisation, so they differ (largest difference {own}).',
});
