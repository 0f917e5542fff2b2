// The student's progress in the exercises: attempts and solved, kept in this browser's
// localStorage (one entry per exercise) and sent nowhere; a storage that refuses keeps this
// visit's progress in memory.
import { EXERCISES } from '../exercises/index.mjs';

const KEY = 'attention-lab.exercise.';

/**
 * The progress of every exercise in `storage` (localStorage, or null: kept for this visit only):
 * { get(slug) → { attempts, solved }, record({ slug, correct, attempts }), solvedCount() }.
 */
export function createProgress(storage) {
  const memory = new Map();
  const read = (slug) => {
    try {
      const raw = storage?.getItem(KEY + slug);
      if (raw) return JSON.parse(raw);
    } catch {
      // A storage that refuses (private mode, blocked) or a damaged entry: start afresh.
    }
    return memory.get(slug) ?? { attempts: 0, solved: false };
  };
  const get = (slug) => {
    const p = read(slug);
    return { attempts: Number(p.attempts) || 0, solved: p.solved === true };
  };
  return {
    get,
    record({ slug, correct, attempts }) {
      const next = { attempts, solved: get(slug).solved || correct };
      memory.set(slug, next);
      try {
        storage?.setItem(KEY + slug, JSON.stringify(next));
      } catch {
        // Storage full or refused: the memory copy keeps this visit's progress.
      }
    },
    solvedCount: () => EXERCISES.filter((e) => get(e.slug).solved).length,
  };
}

// The window's localStorage, or null where reading it throws (a sandboxed frame, blocked storage).
export function storageOf(win) {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}
