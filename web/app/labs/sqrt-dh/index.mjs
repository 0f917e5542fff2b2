// Lab 2: why the scores are divided by √d_h. A dot product of two d_h-long vectors with unit-spread
// numbers adds d_h products, so its spread grows like √d_h; softmax then turns a row of widely
// spread scores into nearly one-hot weights. Dividing by √d_h brings the spread back to about 1.
export const slug = 'sqrt-dh';
export const title = 'Why divide by √d_h';
export const stage = 'scale';
export const summary =
  'Random queries and keys of size 1 to 256: the scores spread like √d_h, and without the division the softmax turns one-hot.';

/** The head sizes of the plots. */
export const DH_STEPS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
/** The rows of the table of largest weights. */
export const SHOWN_ROWS = 8;

function readDh(text) {
  const dh = Number(text);
  if (Number.isInteger(dh) && dh >= 1 && dh <= 256) return dh;
  // The message is the lab's words' (words.mjs), in the reader's language once it opens.
  throw Object.assign(new Error('read.dh'), { words: 'read.dh' });
}

/** dh: the head size of the random part; scale: the page's scores scaled ('on') or not ('off'). */
export const params = {
  dh: { default: 64, read: readDh },
  scale: { default: 'on', read: (text) => (text === 'off' ? 'off' : 'on') },
};
/** The view shows a refused d_h at the slider. */
export const ownErrors = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
