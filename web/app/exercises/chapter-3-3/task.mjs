// Exercise 3.3's task: a GPT-2 size (small first, then medium, large and XL, each with a context
// of 1,024), and the head size and parameter count the core's describe() gives for its block.
import { pick } from '../kit/variant.mjs';
import { readNumber, same, part, verdict, grouped } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

// The models' own names, the same in every language.
const SIZES = [
  { name: 'GPT-2 small', d: 768, heads: 12 },
  { name: 'GPT-2 medium', d: 1024, heads: 16 },
  { name: 'GPT-2 large', d: 1280, heads: 20 },
  { name: 'GPT-2 XL', d: 1600, heads: 25 },
];
const CONTEXT = 1024;

/** { name, d, heads, context, headSize, parameters, settings }; the page is not used. */
export function makeTask(core, page, variant) {
  const { name, d, heads } = pick(SIZES, variant);
  const options = {
    module: 'mha',
    dIn: d,
    dOut: d,
    heads,
    tokens: CONTEXT,
    batch: 1,
    trace: false,
  };
  const described = core.describe(options);
  return {
    variant,
    settings: { module: 'mha', dIn: d, dOut: d, heads, tokens: CONTEXT, qkvBias: false },
    name,
    d,
    heads,
    context: CONTEXT,
    headSize: described.headSize,
    parameters: described.parameterCount,
  };
}

/** response: { headSize, parameters } as typed. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { d, heads, headSize, parameters, context } = task;
  const parts = [
    part(
      'headSize',
      t('headSizePart'),
      same(readNumber(response.headSize), headSize),
      response.headSize,
      headSize,
    ),
    part(
      'parameters',
      t('parametersPart'),
      same(readNumber(response.parameters), parameters),
      response.parameters,
      grouped(parameters),
    ),
  ];
  return verdict(
    parts,
    t('explain', {
      d,
      heads,
      headSize,
      square: grouped(d * d),
      parameters: grouped(parameters),
      context: grouped(context),
    }),
  );
}
