// Each trained head measured on the sentence at hand, as the corpus captions are measured on the
// Brown Corpus (cpp/attention/train/roles.cpp): the share of its attention weight on the previous
// token, on itself and on the first token, averaged over the query rows from the third token on.
// On row 1 all three keys are the same token and on row 2 the previous token is the first, so
// those rows would count one weight twice; the corpus measurement skips them too. Pure: no DOM.

/** The roles measured per sentence, in the order the page shows them. */
export const SENTENCE_ROLES = Object.freeze(['previous', 'self', 'first']);

/** The first query row (0-based) that counts: rows 0 and 1 are skipped. */
export const FIRST_COUNTED_ROW = 2;

/**
 * attentionWeights { shape: (B, h, T, T), data } → { rows (how many query rows count), heads:
 * [{ previous, self, first }] (null shares when no row counts: fewer than 3 tokens) } for batch
 * item `item`.
 */
export function sentenceRoles({ shape: [, heads, T], data }, item = 0) {
  const rows = Math.max(0, T - FIRST_COUNTED_ROW);
  return {
    rows,
    heads: Array.from({ length: heads }, (_, head) => {
      if (rows === 0) return { previous: null, self: null, first: null };
      const sums = { previous: 0, self: 0, first: 0 };
      for (let i = FIRST_COUNTED_ROW; i < T; ++i) {
        const row = ((item * heads + head) * T + i) * T; // query i's weights
        sums.previous += data[row + i - 1];
        sums.self += data[row + i];
        sums.first += data[row];
      }
      return {
        previous: sums.previous / rows,
        self: sums.self / rows,
        first: sums.first / rows,
      };
    }),
  };
}
