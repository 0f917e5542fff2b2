// The English words of the labs' shared parts (kit/notes.mjs, kit/copy.mjs, kit/page.mjs): every
// lab's t.kit looks them up ("lab.kit.<key>" in another language's catalogue). Loaded with the
// first lab that opens, like a lab's own words.mjs.
export default Object.freeze({
  'weights.trained':
    'With the page’s trained weights: the numbers below are the trained model’s, as on the page.',
  'weights.random':
    '{what} uses the lecture’s random weights: it is about {subject}, not what was learned.',
  'weights.thisLab': 'This lab',
  'module.shows': 'The page shows {module}; ',
  'module.wrapper': 'the wrapper',
  'module.causal': 'CausalAttention',
  'module.uses': 'this lab uses MultiHeadAttention of the same width (d_out = {dOut}, {heads}).',
  'module.head': '{n} head',
  'module.heads': '{n} heads',
  'copy.button': 'Copy as PyTorch',
  'copy.area': 'The PyTorch snippet, to copy by hand',
  'copy.copied': 'Copied: paste it into a Python file or a notebook cell and run it.',
  'copy.manual':
    'The clipboard is not available here: the snippet is in the box below, selected; copy it by hand.',
  'token.title': 'token {n}: “{text}”',
});
