// Exercise: which key wins a row. The softmax keeps the order of the scores, so the largest
// (scaled, masked) score gets the largest weight, and a masked key gets none.
export const slug = 'softmax-argmax';
export const title = 'Which key gets the most weight';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'the winning key';
export const stage = 'softmax';
export const idea = 'From a row of scaled, masked scores, pick the key the softmax weights most.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
