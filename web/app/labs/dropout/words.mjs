// The dropout lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.dropout.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'rng.cpu': 'PyTorch’s own generator (the notebook’s mask: Debian, macOS, AMD CPUs)',
  'rng.mkl': 'Intel MKL’s generator (PyTorch’s pip wheels on Intel CPUs)',
  'mask.caption': 'Dropout(0.5) of torch.ones(6, 6), seed 123, {which}',
  'mask.notebook': 'the notebook’s mask',
  'mask.mkl': 'the MKL mask',
  'mask.kept':
    'Kept: {kept} of 36, not 18: each number is kept with probability 1 − p on its own, so the count varies. Each survivor is 1 ÷ (1 − 0.5) = 2.',
  'kept.line':
    'Share kept in the first {first} draws: {shares}; over all {n} draws from {low} to {high}, around 1 − p = {share}.',
  'row.caption': 'The row of “{token}” (head 1): undropped, one draw, the mean of {n} draws',
  'row.undropped': 'undropped weights',
  'row.once': 'one draw (seed {seed})',
  'row.mean': 'mean of {n} draws',
  'row.sum': 'Σ row',
  'row.corner': 'key →',
  'plot.largest': 'largest |mean − weight|',
  'plot.average': 'average |mean − weight|',
  'plot.label':
    'How far the running mean of the dropped weights is from the undropped ones, against the number of draws: the largest difference falls from {first} after one draw to {last} after {n}.',
  'plot.x': 'draws (log scale)',
  'plot.y': 'difference (log scale)',
  'plot.caption': 'The running mean against the undropped weights, draw by draw.',
  'stats.after':
    'After {n} draws the mean is off by at most {max} ({mean} on average); after one draw by {first}.',
  'field.p': 'p, the dropout probability',
  'field.pHelp': 'From 0 up to, not including, 1.',
  'field.draws': 'Draws',
  'field.drawsHelp': 'From 1 to {max} (fewer for long sentences).',
  'field.seed': 'Seed of the first draw',
  'field.seedHelp': 'Draw k uses seed + k.',
  intro:
    'In training, dropout sets each attention weight to 0 with probability p and multiplies the survivors by 1/(1 − p). A single draw changes the weights a lot (a row no longer sums to 1); the scaling makes every weight right on average, so the model trained with dropout still fits the model used without it.',
  'mask.heading': 'The notebook’s mask',
  'rng.legend': 'Whose random numbers',
  'rng.why':
    'Why two masks: both builds seed PyTorch’s generator with 123, but PyTorch built with MKL hands the draw to MKL’s own generator on Intel CPUs, so the same seed gives other numbers. Neither is wrong.',
  'draws.heading': 'Many draws of your sentence’s weights',
  'draws.help':
    'The page’s attention weights (head 1), dropped again and again by {call}; press Enter or leave a field to recompute.',
  'draws.refused': 'draws = {draws}: for {T} tokens this lab draws at most {limit} times.',
  'draws.lowered': 'Lowered from {draws} to {limit} draws for {T} tokens.',
});
