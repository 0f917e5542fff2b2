// "Did you mean …?" for a mistyped name (a command, an option, a stage): the known name with the
// fewest single-character edits, when it is close enough to be the one meant.

/** Levenshtein distance: the fewest single-character edits that turn `a` into `b`. */
export function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; ++i) {
    const current = [i];
    for (let j = 1; j <= b.length; ++j) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The known name closest to a mistyped one (case ignored), or undefined when none is close: at most
 * a third of the longer name's letters (at least 1, at most 3) may differ.
 */
export function closest(value, known) {
  const typed = String(value).toLowerCase();
  let best;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(typed, name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  const allowed = Math.min(3, Math.max(1, Math.floor(Math.max(typed.length, 1) / 3)));
  return bestDistance <= allowed ? best : undefined;
}

/** " (did you mean 'x'?)" for a mistyped name, or '' when nothing known is close. */
export function didYouMean(value, known) {
  const guess = closest(value, known);
  return guess === undefined ? '' : ` (did you mean '${guess}'?)`;
}
