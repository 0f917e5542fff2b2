// How the controls' edits reach the controller at the pace a page can draw them.
import { oncePerFrame } from './ui/frame.mjs';

/** Keys typed closer together than this are one burst, computed once at its end. */
export const TYPING_PAUSE_MS = 120;

/**
 * edit(key) runs one edit of the controls. Returns change(key), for the controls' onChange, and
 * cancel(), which drops any edit still waiting (a preset, a teardown).
 * - Typing: the first key after a pause is computed at once, a burst of keys once, 120 ms after
 *   its last key, so a fast typist never waits for the sentences in between (typing() marks it).
 * - Dropout p swept with its arrow keys held is computed once a frame, with its latest value; any
 *   other edit reads it with the rest, so a run still waiting for its frame is dropped.
 */
export function paceEdits(edit, { typing: markTyping, win }) {
  let typing = null;
  let lastKey = -Infinity;
  const editSentence = () => {
    const now = performance.now();
    const burst = now - lastKey < TYPING_PAUSE_MS;
    lastKey = now;
    clearTimeout(typing);
    if (!burst) return edit('sentence');
    markTyping();
    typing = setTimeout(() => edit('sentence'), TYPING_PAUSE_MS);
    return undefined;
  };
  const sweep = oncePerFrame(() => edit('dropout'), win);
  const cancel = () => {
    clearTimeout(typing);
    sweep.cancel();
  };
  const change = (key) => {
    if (key === 'dropout') return sweep();
    sweep.cancel();
    return key === 'sentence' ? editSentence() : edit(key);
  };
  return { change, cancel };
}
