// The √d_h lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.sqrt-dh.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'plot.x': 'd_h (log scale)',
  'series.spread': 'spread of q · k',
  'series.scaledSpread': 'spread of q · k ÷ √d_h',
  'series.raw': 'not scaled',
  'series.scaled': 'scaled',
  'spread.label':
    'Standard deviation of the scores against d_h: it follows √d_h, from {first} at d_h = 1 to {last} at 256; divided by √d_h it stays near 1.',
  'spread.y': 'standard deviation',
  'spread.caption': 'The spread of the scores, measured for each d_h.',
  'peak.label':
    'Average largest weight of a row against d_h: without scaling it climbs to {raw} at 256, with scaling it stays near {scaled}.',
  'peak.y': 'largest weight of a row',
  'peak.caption': 'How one-hot the softmax rows are (1 = all weight on one key).',
  'current.spread':
    'Queries and keys: spread {query} and {key}. Scores {qk}: spread {score}, and {root}. Divided by it: spread {scaled}.',
  'current.largest':
    'Largest weight of a row, on average over all 36 rows: {raw} without scaling, {scaled} with it (an even spread over 36 keys would be {even}).',
  'largest.caption': 'The largest weight of the first {n} rows, d_h = {dh}',
  'largest.raw': 'not scaled',
  'largest.scaled': '÷ √d_h',
  'corner.query': 'query ↓',
  'corner.queryKey': 'query ↓ key →',
  'page.here':
    'Here d_h = {dh}, so the scores are divided by √{dh} = {root}. Largest change of a weight when scaling is switched off: {difference}. ',
  'page.one':
    'Dividing by √1 changes nothing: give the page a larger d_out in the settings (d_out 128 with 2 heads makes d_h = 64, GPT-2’s head size) to see the difference.',
  'page.small':
    'With heads this small the two differ little: the division matters for large heads (GPT-2: d_h = 64).',
  'page.caption': 'Attention weights of your sentence, head 1, {how}',
  'scale.on': 'scaled by 1/√d_h',
  'scale.off': 'not scaled',
  'slider.label': 'Head size d_h',
  intro:
    'A score is a dot product: d_h products added up. If every number of a query and a key has a spread of about 1, each product does too, and a sum of d_h of them spreads like √d_h. Softmax exponentiates, so a row whose scores differ by 10 or 20 puts almost all its weight on one key, and its gradients for the others all but vanish. Dividing by √d_h keeps the spread near 1 for any head size.',
  below:
    'Below: 36 random tokens (the core’s seeded vectors, centred so that queries and keys spread about 1), {module} without its mask and with d_out = d_h, computed by the core for each d_h.',
  subject: 'how the scores spread with the head size',
  thisPart: 'This part',
  'page.heading': 'Your sentence',
  'scale.legend': 'The scores of the page’s model',
  'read.dh': 'd_h must be a whole number from 1 to 256; showing 64.',
});
