// What the steps add with the trained weights (result.trained): where the embeddings come from,
// each head's measured role beside its maps, and the model's top-5 next tokens per position. Each
// returns null with the random weights, so a step can always include it.
import { h, m } from './dom.mjs';
import { headColour } from './colour.mjs';
import { tokenLabel } from './format.mjs';
import { percent, trainedTokenLabel } from '../../lib/present.mjs';

/** Step 1: the trained model's own vectors, token embedding + position embedding. */
export function trainedEmbeddings(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const { vocabulary, width, context } = trained.info;
  const shared = ctx.result.tokens.filter((t) => t.shared).map((t) => `“${tokenLabel(t.text)}”`);
  return [
    h(
      'p',
      {},
      'These are the trained model’s vectors: its token embedding, one learned row of ',
      m(`d = ${width}`),
      ` numbers for each of the ${vocabulary - 1} GPT-2 tokens the Brown Corpus uses most, plus its learned position embedding, one row for each of the first ${context} positions. Training moved both so that the attention block below could predict the next token.`,
    ),
    shared.length
      ? h(
          'p',
          { class: 'note' },
          `Not among those tokens: ${shared.join(', ')}. Each shares one row with every other rare token, so the model cannot tell them apart.`,
        )
      : null,
  ];
}

/**
 * The heads' measured roles (step with per-head maps): "head 3: 64 % of its weight on the previous
 * token", each in its head's colour, with how many times the random model's share that is.
 */
export function headRoles(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  return h(
    'div',
    { class: 'head-roles' },
    h(
      'p',
      {},
      'What each trained head looks at, measured on held-out Brown Corpus text: the role with the largest multiple of the random-weight model’s share.',
    ),
    h(
      'ul',
      { 'aria-label': 'Measured roles of the trained heads' },
      trained.roles.trained.map((head) =>
        h(
          'li',
          {
            dataset: { head: head.head - 1, role: head.role },
            style: { '--head': headColour(head.head - 1) },
          },
          h('span', { class: 'swatch', style: { '--swatch': headColour(head.head - 1) } }),
          h('strong', {}, head.label),
          `; ${head.lift.toFixed(1)}× the random model`,
        ),
      ),
    ),
  );
}

/** Step 11: what the model predicts after each position, from the output through out_head. */
export function nextTokensExplained(ctx) {
  if (!ctx.result.trained) return null;
  return h(
    'p',
    {},
    'The language model adds the block’s output to its inputs (the shortcut) and turns each row into a score for every token of its vocabulary (out_head), then a softmax. Row t has seen only tokens 0 … t: this is what the causal mask is for. Below, its five most probable next tokens after each position.',
  );
}

/** The top-5 next tokens after each position, as a table. */
export function nextTokensTable(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const tokens = ctx.result.tokens;
  const k = trained.next[0]?.length ?? 0;
  return h(
    'div',
    { class: 'table-wrap next-tokens-wrap' },
    h(
      'table',
      { class: 'next-tokens' },
      h('caption', {}, `The trained model’s ${k} most probable next tokens after each position`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'after'),
          Array.from({ length: k }, (_, i) => h('th', { scope: 'col' }, `${i + 1}.`)),
        ),
      ),
      h(
        'tbody',
        {},
        trained.next.map((row, t) =>
          h(
            'tr',
            { dataset: { position: t } },
            h('th', { scope: 'row' }, tokenLabel(tokens[t].text)),
            row.map((n) =>
              h(
                'td',
                { dataset: { id: n.id, probability: n.probability } },
                h('span', { class: 'next-token' }, trainedTokenLabel(n)),
                ' ',
                h('span', { class: 'next-probability' }, percent(n.probability)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
