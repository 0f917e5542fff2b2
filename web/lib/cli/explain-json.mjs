// `attention-lab explain --json`: what explain prints, for programs: the sentence, its tokens, the
// options and sizes of the run, and every stage in lecture order with its named dimensions, its
// shape, its explanation (the page's words, plain text) and all its numbers (every batch item).
import { PLAIN, tokenLabel } from '../present.mjs';
import { explainStage } from '../stage-text.mjs';
import { jsonNumber } from './json.mjs';

// float32 values as the fewest digits that read back the same; ±∞ and NaN, which JSON cannot
// hold, as the strings "-Infinity", "Infinity", "NaN" (as `forward` writes them).
const numbers = (data) =>
  Array.from(data, (v) => (Number.isFinite(v) ? Number(jsonNumber(v)) : String(v)));

/**
 * The JSON text of one explained run. `stages` is the core's list ({ name, dims }) in lecture
 * order, `only` the one stage asked for with --stage (or undefined for all).
 */
export function explainJson({ embedding, config, sizes, trace, stages, only }) {
  const shown = [];
  let index = 0;
  for (const { name, dims } of stages) {
    if (!trace[name]) continue;
    ++index;
    if (only !== undefined && name !== only) continue;
    const { shape, data } = trace[name];
    shown.push({
      index,
      name,
      dims: dims.split(','),
      shape,
      explanation: explainStage(name, config, sizes, PLAIN),
      data: numbers(data),
    });
  }
  const result = {
    sentence: embedding.sentence,
    tokens: embedding.tokens.map(({ id, text }) => ({ id, text, label: tokenLabel(text) })),
    vectors: embedding.source === 'lecture' ? 'lecture' : 'seeded',
    options: config,
    sizes,
    stages: shown,
  };
  return `${JSON.stringify(result, null, 1)}\n`;
}
