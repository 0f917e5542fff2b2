// embed.html: the compact layout for an iframe (embed.html?sentence=…&stage=softmax), with the same
// URL state as the main page; "Open the full page" carries the state over.
import { createAttentionLab } from '../lib/index.mjs';
import { parseUrl, toUrl } from './state/url.mjs';
import { mountAttentionLab } from './mount.mjs';
import { mountEmbeddedExercise, asksForExercise } from './exercise-embed.mjs';

// The script runs: the static note for a page whose scripts are blocked goes.
document.querySelector('#boot-note')?.remove();
const link = document.querySelector('#open-full');
// ?exercise=<slug>: that exercise alone (exercise-embed.mjs), with the same options.
const mount = asksForExercise(location.search) ? mountEmbeddedExercise : mountAttentionLab;
const app = mount(document.querySelector('#app'), {
  createLab: () => createAttentionLab(),
  layout: 'compact',
  initialState: parseUrl(location.search),
  syncUrl: true,
  page: true,
  onChange: ({ state }) => link.setAttribute('href', `./${toUrl(state)}`),
});

app.ready
  .then(() => {
    document.documentElement.dataset.build = app.lab.build;
  })
  .catch((err) => {
    document.documentElement.dataset.ready = 'error';
    console.error(err);
  });
