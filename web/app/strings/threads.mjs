// The note of a lab that gave threads up (lab.threadsNote, the loader's English) in the
// interface's words: each reason the loader names has its catalogue key; a note it does not name
// stays as it is.
import { THREADS_WHY, START_SECONDS, threadsNoteOf } from '../../lib/threads-note.mjs';
import { EN, format } from './index.mjs';

/** `note` in the words of `S` ('' when there is none). */
export function threadsNote(note, S = EN) {
  if (!note) return '';
  const reasons = [
    [THREADS_WHY.csp, S['status.threadsCsp']],
    [THREADS_WHY.late(START_SECONDS), format(S['status.threadsLate'], { seconds: START_SECONDS })],
  ];
  const found = reasons.find(([why]) => threadsNoteOf(why) === note);
  return found ? format(S['status.threads'], { why: found[1] }) : note;
}
