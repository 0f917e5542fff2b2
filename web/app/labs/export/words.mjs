// The export lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.export.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  intro:
    'The page’s pass for “{sentence}”: {n} tensors, every number as the core computed it (float32, written so that it reads back as the same float32). Each step’s own downloads, and its maps as PNG or SVG, are under its explanation.',
  json: 'Every stage as JSON',
  csv: 'Every stage as CSV',
  preview: ' (the dropout step’s training-mode preview)',
});
