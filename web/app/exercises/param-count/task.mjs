// The parameter exercise's task: a model of the lectures' sizes (GPT-2's block first, then with
// qkv_bias, GPT-3's and the lecture's toy), and the counts the core's describe() gives for its
// W_query and for the whole block; the check of the two counts typed.
import { SIZE_PRESETS } from '../../../lib/sizes.mjs';
import { pick } from '../kit/variant.mjs';
import { readNumber, same, part, verdict, grouped } from '../kit/answer.mjs';

/** The models the variants ask about in turn. */
export const MODELS = Object.freeze([
  { name: 'GPT-2 small', preset: 'gpt2', qkvBias: false },
  { name: 'GPT-2 small with qkv_bias=True', preset: 'gpt2', qkvBias: true },
  { name: 'GPT-3', preset: 'gpt3', qkvBias: false },
  { name: 'the lecture’s example', preset: 'lecture', qkvBias: false },
]);

/** { name, dIn, dOut, heads, qkvBias, query, total, parameters, settings }; the page is not used. */
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
export function check(task, response) {
  const { dIn, dOut, qkvBias, query, total, parameters } = task;
  const matrix = dIn * dOut;
  const parts = [
    part(
      'query',
      'Parameters of W_query',
      same(readNumber(response.query), query),
      response.query,
      grouped(query),
    ),
    part(
      'total',
      'Parameters of the block',
      same(readNumber(response.total), total),
      response.total,
      grouped(total),
    ),
  ];
  const list = parameters.map((p) => `${p.name} ${grouped(p.count)}`).join(', ');
  return verdict(
    parts,
    `W_query is an nn.Linear(${dIn}, ${dOut}): a ${dIn} × ${dOut} weight, ${grouped(matrix)} ` +
      `numbers${qkvBias ? `, plus ${grouped(dOut)} biases (qkv_bias=True)` : ', and no bias (qkv_bias=False)'}` +
      `, so ${grouped(query)}. W_key and W_value are the same size, and the output projection ` +
      `nn.Linear(${dOut}, ${dOut}) has ${grouped(dOut * dOut)} weights and ${grouped(dOut)} biases. ` +
      `In all: ${list} = ${grouped(total)}. The number of heads changes none of this: the heads ` +
      'split the same matrices.',
  );
}
