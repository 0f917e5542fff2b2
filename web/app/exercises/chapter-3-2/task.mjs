// Exercise 3.2's task: a width and a number of heads (the chapter's 2 and 2 first), the d_out the
// wrapper needs, and the shape of the context vectors the core's wrapper gives with it on the
// sentence; the check of the d_out typed, with the shape it would give.
import { variantSettings, pick, reported } from '../kit/variant.mjs';
import { readNumber, same, part, verdict } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

const CASES = [
  { width: 2, heads: 2 },
  { width: 6, heads: 3 },
  { width: 8, heads: 2 },
  { width: 4, heads: 4 },
];

/** { width, heads, dOut, shape (the core's output shape with that d_out), sentence, settings }. */
export function makeTask(core, page, variant) {
  const { width, heads } = pick(CASES, variant);
  const settings = variantSettings(page, variant);
  const { inputs, tokens } = core.embed(settings.sentence, {
    dIn: 3,
    seed: settings.seed,
    batch: 2,
  });
  const dOut = width / heads;
  const options = {
    module: 'wrapper',
    dIn: 3,
    dOut,
    heads,
    batch: 2,
    seed: 123,
    inputs,
    trace: false,
  };
  const { output } = core.forward(options);
  if (output.shape.at(-1) !== width)
    throw new Error(`the wrapper gave ${output.shape.at(-1)} columns, not ${width}`);
  return {
    variant,
    settings: { ...reported(settings), module: 'wrapper', dIn: 3, dOut, heads, batch: 2 },
    sentence: settings.sentence,
    T: tokens.length,
    width,
    heads,
    dOut,
    shape: [...output.shape],
  };
}

/** response.dOut as typed. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { width, heads, dOut, shape } = task;
  const given = readNumber(response.dOut);
  const parts = [part('dOut', t('part'), same(given, dOut), response.dOut, dOut)];
  const wrong =
    given !== null && given !== dOut
      ? t('wrong', { given: response.dOut, heads, width: heads * given })
      : '';
  return verdict(
    parts,
    t('explain', { heads, width, dOut, shape: `(${shape.join(', ')})`, wrong }),
  );
}
