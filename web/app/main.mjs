// attention-lab's teaching page: the full layout mounted into #app, its state mirrored in the URL,
// with the lecture labs (web/app/labs/).
// The UI itself lives in mount.mjs, shared with the iframe embed page and the <attention-lab>
// custom element.
import { createAttentionLab } from '../lib/index.mjs';
import { parseUrl } from './state/url.mjs';
import { mountAttentionLab } from './mount.mjs';
import * as labs from './ui/labs.mjs';
import * as exercises from './ui/exercises.mjs';
import { createStageTools } from './ui/code.mjs';

const app = mountAttentionLab(document.querySelector('#app'), {
  // The tokenizer's tables load when a sentence needs them: the first ones carry their tokens. The
  // first numbers need no threads: they are drawn while the threaded build's worker loads.
  createLab: () => createAttentionLab({ tokenizer: 'lazy', waitForThreads: false }),
  layout: 'full',
  initialState: parseUrl(location.search),
  syncUrl: true,
  page: true,
  labs, // the lecture labs: ?lab=<slug>, below the stage
  exercises, // predict, then check: ?exercise=<slug>, beside the labs
  stageTools: createStageTools(),
});

app.ready
  .then(() => {
    document.documentElement.dataset.build = app.lab.build;
  })
  .catch((err) => {
    document.documentElement.dataset.ready = 'error';
    console.error(err);
  });
