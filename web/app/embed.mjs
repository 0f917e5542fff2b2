// embed.html: the compact layout for an iframe (embed.html?sentence=…&stage=softmax), with the same
// URL state as the main page, one lab alone (embed.html?lab=masking&masking.gap=…): the lab panel
// with its own controls, the page's settings from the address, or one exercise alone
// (embed.html?exercise=<slug>, exercise-embed.mjs). "Open the full page" carries the state over.
// ?steps=, ?lang= and ?strings= shape the lesson (embed-author.mjs).
// The page tells its parent how tall its content is (postHeight), so that the parent can size the
// iframe to it (docs/EMBEDDING.md).
import { createAttentionLab } from '../lib/index.mjs';
import { parseUrl, toUrl } from './state/url.mjs';
import { mountAttentionLab } from './mount.mjs';
import { mountLab } from './mount-lab.mjs';
import * as labs from './ui/labs.mjs';
import { postHeight } from './embed-height.mjs';
import { mountEmbeddedExercise, asksForExercise } from './exercise-embed.mjs';
import { authorOf, applyWords } from './embed-author.mjs';
import { threadsNote } from './strings/threads.mjs';

// The script runs: the static note for a page whose scripts are blocked goes.
document.querySelector('#boot-note')?.remove();
const link = document.querySelector('#open-full');
const initialState = parseUrl(location.search);
const options = {
  // The tokenizer's tables load when a sentence needs them: the first ones carry their tokens.
  createLab: () => createAttentionLab({ tokenizer: 'lazy' }),
  initialState,
  syncUrl: true,
  page: true,
  onChange: ({ state }) => link.setAttribute('href', `./${toUrl(state)}`),
};
// The address holds the whole state, the open lab's own keys included: the link to the full page
// takes it as it is followed.
const followAddress = () => link.setAttribute('href', `./${location.search}`);
for (const type of ['pointerdown', 'focus']) link.addEventListener(type, followAddress);
const root = document.querySelector('#app');
// ?steps=, ?lang=, ?strings=: the lesson's steps and words (embed-author.mjs).
const author = authorOf(location);
const words = await author.words;
applyWords(document, root, words);
const app = asksForExercise(location.search)
  ? mountEmbeddedExercise(root, { ...options, strings: words.strings })
  : initialState.view.lab
    ? mountLab(root, { ...options, labs, strings: words.strings })
    : mountAttentionLab(root, {
        ...options,
        layout: 'compact',
        author: { steps: author.steps, keepQuery: author.keepQuery, strings: words.strings },
      });
postHeight(window);

app.ready
  .then(() => {
    // An exercise the page does not have is answered with its list, without loading the core.
    if (!app.lab) return;
    document.documentElement.dataset.build = app.lab.build;
    // Why threads were possible but not used (the page's CSP forbids the workers), under the view.
    if (app.lab.threadsNote) {
      const note = document.createElement('p');
      note.className = 'panel-message threads-note';
      note.setAttribute('role', 'status');
      note.textContent = threadsNote(app.lab.threadsNote, words.strings);
      root.after(note);
    }
  })
  .catch((err) => {
    document.documentElement.dataset.ready = 'error';
    console.error(err);
  });
