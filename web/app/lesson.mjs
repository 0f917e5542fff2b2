// The lesson file's page (`attention-lab lesson`): one HTML file that holds everything it needs,
// so it runs where nothing can be fetched: opened from disk (file://), from an LMS's file area, in
// an iframe with sandbox="allow-scripts" (an opaque origin). The file carries a JSON block
// (#attention-lab-lesson) with the state to show (a query string in the page's URL format), the
// single-thread SIMD128 core as base64 and, when the lesson needs them, the trained weights; this
// module, bundled and inlined, shows one step, one lab or one exercise of it, as embed.html does.
// The state stays in memory: the address of a file or a sandboxed frame is not ours to rewrite.
import { createAttentionLab, AttentionLabError } from '../lib/index.mjs';
import { parseUrl } from './state/url.mjs';
import { mountAttentionLab } from './mount.mjs';
import { mountLab } from './mount-lab.mjs';
import { mountExercise } from './exercises/alone.mjs';
import * as labs from './ui/labs.mjs';
import { postHeight } from './embed-height.mjs';
import { RESULT_MESSAGE } from './exercise-embed.mjs';
import { startScormReport } from './lesson-scorm.mjs';

/** base64 → bytes, without fetch (a data: URL would be a fetch, refused by the file's policy). */
export function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The lab the lesson computes with: the inlined core on one thread (threads need a
 * cross-origin-isolated page, which a file or a sandboxed frame never is), and the inlined trained
 * weights for lab.loadWeights('trained'), which would otherwise fetch brown.atlm beside the module.
 */
async function createLessonLab(config) {
  const lab = await createAttentionLab({
    threads: 1,
    relaxedSimd: false,
    wasmBinary: fromBase64(config.core),
  });
  const load = lab.loadWeights.bind(lab);
  let trained = null;
  lab.loadWeights = (source = 'trained') => {
    if (source !== 'trained') return load(source);
    if (!config.weights) {
      return Promise.reject(
        new AttentionLabError(
          'this lesson file was written without the trained weights; write it again with ' +
            '`attention-lab lesson --weights trained`',
          { option: 'weights', kind: 'InputError' },
        ),
      );
    }
    trained ??= load(fromBase64(config.weights));
    return trained;
  };
  return lab;
}

// Each exercise check goes to whoever records it: the frame's parent (as embed.html posts it) and
// the LMS (SCORM), when the file is a SCORM package.
function exerciseMount(root, options, report) {
  const { settings, view, labParams } = options.initialState;
  const handle = { lab: null, ready: null };
  handle.ready = mountExercise(root, {
    createLab: async () => (handle.lab = await options.createLab()),
    slug: view.exercise,
    settings,
    labParams,
    onResult(detail) {
      if (window.parent !== window)
        window.parent.postMessage({ type: RESULT_MESSAGE, ...detail }, '*');
      report.exercise(detail);
    },
  }).then(() => {
    document.documentElement.dataset.ready = 'true';
    return handle;
  });
  return handle;
}

function start() {
  const config = JSON.parse(document.querySelector('#attention-lab-lesson').textContent);
  const initialState = parseUrl(config.query);
  const report = config.scorm
    ? startScormReport(window, { exercise: Boolean(initialState.view.exercise) })
    : { exercise() {}, done() {} };
  const options = { createLab: () => createLessonLab(config), initialState, page: true };
  const root = document.querySelector('#app');
  const app = initialState.view.exercise
    ? exerciseMount(root, options, report)
    : initialState.view.lab
      ? mountLab(root, { ...options, labs })
      : mountAttentionLab(root, { ...options, layout: 'compact' });
  postHeight(window);
  app.ready
    .then(() => {
      document.documentElement.dataset.build = app.lab.build;
      report.done();
    })
    .catch((err) => {
      document.documentElement.dataset.ready = 'error';
      console.error(err);
    });
}

start();
