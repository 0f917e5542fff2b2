// The parameter exercise's task: a model of the lectures' sizes (GPT-2's block first, then with
// qkv_bias, GPT-3's and the lecture's toy), and the counts the core's describe() gives for its
// W_query and for the whole block; the check of the two counts typed.
import { SIZE_PRESETS } from '../../../lib/sizes.mjs';
import { pick } from '../kit/variant.mjs';
import { readNumber, same, part, verdict, grouped } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

/** The models the variants ask about in turn; name: the key of its words. */
export const MODELS = Object.freeze([
  { name: 'gpt2', preset: 'gpt2', qkvBias: false },
  { name: 'gpt2Bias', preset: 'gpt2', qkvBias: true },
  { name: 'gpt3', preset: 'gpt3', qkvBias: false },
  { name: 'lecture', preset: 'lecture', qkvBias: false },
]);

/** { name (a key of the words), dIn, dOut, heads, qkvBias, query, total, parameters, settings }; the page is not used. */
export function makeTask(core, page, variant) {
  const model = pick(MODELS, variant);
  const options = { ...SIZE_PRESETS[model.preset], qkvBias: model.qkvBias };
  const { parameters, parameterCount } = core.describe(options);
  const query = parameters
    .filter((p) => p.name.startsWith('W_query'))
    .reduce((n, p) => n + p.count, 0);
  return {
    variant,
    settings: {
      module: options.module,
      dIn: options.dIn,
      dOut: options.dOut,
      heads: options.heads,
      qkvBias: model.qkvBias,
    },
    name: model.name,
    dIn: options.dIn,
    dOut: options.dOut,
    heads: options.heads,
    qkvBias: model.qkvBias,
    parameters: parameters.map(({ name, count }) => ({ name, count })),
    query,
    total: parameterCount,
  };
}

/** response: { query, total } as typed (thousands separators allowed). */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { dIn, dOut, qkvBias, query, total, parameters } = task;
  const matrix = dIn * dOut;
  const parts = [
    part(
      'query',
      t('queryPart'),
      same(readNumber(response.query), query),
      response.query,
      grouped(query),
    ),
    part(
      'total',
      t('totalPart'),
      same(readNumber(response.total), total),
      response.total,
      grouped(total),
    ),
  ];
  const list = parameters.map((p) => `${p.name} ${grouped(p.count)}`).join(', ');
  return verdict(
    parts,
    t('explain', {
      dIn,
      dOut,
      matrix: grouped(matrix),
      bias: qkvBias ? t('withBias', { biases: grouped(dOut) }) : t('noBias'),
      query: grouped(query),
      square: grouped(dOut * dOut),
      outBiases: grouped(dOut),
      list,
      total: grouped(total),
    }),
  );
}
