// The code lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.code.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'snippet.random':
    'The snippet that reproduces the page’s numbers in PyTorch rebuilds the lecture’s seeded random weights, so it is offered with the random weights only.',
  'snippet.intro':
    'The snippet builds the same module with the same seed on the page’s input vectors and prints every stage: run it with Python and PyTorch and compare with the page.',
  runs: 'The page runs {name}; these are its lines, as the chapter’s notebook writes them. ',
  trained:
    'With the trained weights the block is MultiHeadAttention; the module setting applies to the random weights.',
  random: 'Change the module in the settings to see another class’s lines.',
  caption: 'Each step and its PyTorch ({name})',
  step: 'Step',
  stage: 'Trace stage',
  pytorch: 'PyTorch',
});
