// The masking lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.masking.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'ordinary.result':
    'Your sentence through both routes: the attention weights differ by at most {weights} and the context vectors by {output}{end}',
  'ordinary.same': ': bit for bit the same, so on ordinary rows the naive route leaks nothing.',
  'ordinary.rounding': ': float32 rounding, so on ordinary rows the naive route leaks nothing.',
  'ordinary.noMask':
    '. (The page’s model has the mask switched off, so neither route hides anything.)',
  'ordinary.sums':
    'The results agree, but the sums behind them do not. Each softmax divides by a sum of exponentials, its denominator. The naive route sums over every key, the future included, and only afterwards throws the future’s weights away; with −∞ the future contributes {zero} = 0, so only the keys a token may see are in its sum.',
  'grid.naive': 'Naive: in the softmax’s denominator',
  'grid.negInf': '−∞: in the softmax’s denominator',
  'grid.first': 'The first {n} of {T} tokens, head 1.',
  'grid.corner': 'query ↓ key →',
  'grid.in': ' in the denominator',
  'grid.out': ' not in it',
  'gap.label': 'Gap',
  'gap.help': 'A number from −1000 to 1000.',
  presets: 'Presets',
  'preset.ordinary': 'Ordinary (gap 10)',
  'preset.errors': 'Errors begin (gap {gap})',
  'preset.breaking': 'The breaking point (gap {gap})',
  intro:
    'A causal model must not let a token look ahead. The lecture’s first try takes the softmax over every key, sets the future’s weights to 0 and divides each row by what is left, so that it sums to 1 again. Its final version writes −∞ into the future’s scores before the softmax instead. Both give the same weights on ordinary rows; the difference is what went into the softmax’s sum.',
  'ordinary.heading': 'Ordinary rows',
  'dominates.heading': 'A future score that dominates',
  'dominates.text':
    'Take one query with two past keys, scored 0 and 1, and a future key scored 1 + gap. In the naive route the future’s {future} sits in the denominator, so the past’s shares shrink like {shrink}. Renormalising recovers them exactly while float32 can still hold them; in its subnormal range they lose digits, then they become 0 and there is nothing left to divide.',
  measured:
    'Measured on the plots’ gaps: the past’s smaller share is subnormal from a gap of {subnormal}, the naive route is off by more than 1e−6 from {errors} and has nothing left to renormalise (0 / 0) from {fails}.',
  'plots.help':
    'The row: the core’s {call}; the plots: {n} gaps from 0 to 110. In a trained model such gaps are rare, but the −∞ route never depends on them: the future is simply not in the sum.',
  'row.key1': 'key 1 (score 0)',
  'row.key2': 'key 2 (score 1)',
  'row.key3': 'key 3, the future (score {score})',
  'row.caption': 'Query 2 of three tokens, the future key ahead by {gap}',
  'row.corner': 'route ↓',
  'row.unmasked': 'Naive 1: softmax over all keys',
  'row.naive': 'Naive 2: future zeroed, past ÷ its sum',
  'row.negInf': '−∞ before the softmax',
  'row.fails': 'The naive route fails: {failure}.',
  'row.difference': 'Largest difference between the routes: {difference}.',
  'series.naive1': 'naive: key 1',
  'series.naive2': 'naive: key 2',
  'series.negInf1': '−∞: key 1',
  'series.negInf2': '−∞: key 2',
  'series.share': 'key 1’s share of the softmax over all keys',
  'series.error': 'the naive route’s error',
  'series.normal': 'smallest normal float32, 2⁻¹²⁶',
  'plot.x': 'gap: how far the future score is ahead',
  'mark.subnormal': 'subnormal',
  'mark.errors': 'errors',
  'mark.gap': 'gap {gap}',
  'plot.weightsLabel':
    'The past’s weights of both routes against the gap: equal until about {errors}; the naive route’s end at {last} with {first} and {second}, and it has no weights from {fails}; the −∞ route stays at {negInf1} and {negInf2}.',
  'plot.weight': 'weight',
  'plot.weightsCaption': 'What each route gives the two past keys.',
  'plot.tinyLabel':
    'On a log scale: key 1’s share of the softmax over all keys falls below float32’s smallest normal number at a gap of {subnormal}; the naive route’s error grows from then on.',
  'plot.log': 'log scale',
  'plot.tinyCaption': 'Why: the past’s share underflows.',
});
