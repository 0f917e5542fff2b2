// Exercise 3.3's task: a GPT-2 size (small first, then medium, large and XL, each with a context
// of 1,024), and the head size and parameter count the core's describe() gives for its block.
import { pick } from '../kit/variant.mjs';
import { readNumber, same, part, verdict, grouped } from '../kit/answer.mjs';

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
export function check(task, response) {
  const { d, heads, headSize, parameters, context } = task;
  const parts = [
    part(
      'headSize',
      'Head size d_h',
      same(readNumber(response.headSize), headSize),
      response.headSize,
      headSize,
    ),
    part(
      'parameters',
      'Parameters',
      same(readNumber(response.parameters), parameters),
      response.parameters,
      grouped(parameters),
    ),
  ];
  return verdict(
    parts,
    `Each head gets d_h = d_out / num_heads = ${d} / ${heads} = ${headSize} columns. The block holds ` +
      `W_query, W_key and W_value, each ${d} × ${d} (qkv_bias=False), and the output projection, ` +
      `${d} × ${d} plus ${d} biases: 4 × ${grouped(d * d)} + ${d} = ${grouped(parameters)}. The ` +
      `context length of ${grouped(context)} adds no parameter: it only sizes the mask buffer.`,
  );
}
