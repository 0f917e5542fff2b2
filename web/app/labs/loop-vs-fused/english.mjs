// The lab's English words as a t, for its helpers called without the harness's (as the tests call
// them): the same words the lab shows in English.
import { translator } from '../../strings/words.mjs';
import WORDS from './words.mjs';

export const english = translator(null, 'lab.loop-vs-fused.', WORDS);
