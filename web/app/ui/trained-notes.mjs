// What the steps add with the trained weights (result.trained): where the embeddings come from,
// each head's measured role in its maps' captions, and the model's top-5 next tokens per position. Each
// returns null with the random weights, so a step can always include it.
import { h, m } from './dom.mjs';
import { tokenLabel } from './format.mjs';
import {
  ROLE_NAMES,
  ROLE_WORDS,
  SHARED_TOKEN,
  percent,
  trainedTokenLabel,
} from '../../lib/present.mjs';
import { SENTENCE_ROLES, FIRST_COUNTED_ROW, sentenceRoles } from './sentence-roles.mjs';

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
 * The caption of head `head`'s maps (counted from 0) with the trained weights, or null with the
 * random ones: { text: "head 3 · itself 20 %", shorter: the forms for a narrow map, full: "head 3:
 * 20 % of its weight on the same token (itself), 3.9× the random model", role, share }. `name`:
 * the head's name in the interface's words.
 */
export function headCaption(result, head, name = `head ${head + 1}`) {
  const measured = result.trained?.roles.trained[head];
  if (!measured) return null;
  const { role, share, lift, label } = measured;
  const shown = `${ROLE_NAMES[role] ?? role} ${percent(share)}`;
  return {
    text: `${name} · ${shown}`,
    shorter: [
      `${head + 1} · ${shown}`,
      `${head + 1} · ${ROLE_WORDS[role] ?? ROLE_NAMES[role] ?? role} ${percent(share)}`,
      `${head + 1} · ${percent(share)}`,
      String(head + 1),
    ],
    full: `${label}, ${lift.toFixed(1)}× the random model`,
    role,
    share,
  };
}

/**
 * What the captions of the heads' maps mean (steps with per-head maps): each names its head's
 * strongest measured role, and how many times the random model's share that is; beside them, each
 * head measured on this sentence, and what the trained and the random weights can show.
 */
export function headRoles(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const heads = trained.roles.trained;
  const lifts = heads.map((head) => `${head.lift.toFixed(1)}×`);
  return [
    h(
      'p',
      { class: 'head-roles' },
      'Each head’s caption names what it looks at most, measured on held-out Brown Corpus text: the share of its attention weight on that kind of token, for the role where this share is the largest multiple of the random-weight model’s',
      ` (heads 1–${heads.length}: ${lifts.join(', ')}). Hover a caption for the whole sentence.`,
    ),
    h(
      'p',
      { class: 'weights-scope' },
      'The model learned English text (the Brown Corpus), so on other languages its heads’ roles may not show. Random weights show how attention computes, step by step, but not what a head looks at; trained weights show what one model learned on average over its corpus, and one sentence can differ: the table measures this one.',
    ),
    sentenceSharesTable(ctx.result),
  ];
}

const ROLE_HEADERS = { previous: 'previous token', self: 'itself', first: 'first token' };

// A share as a percentage, or a dash where no row counts.
const shown = (value) => (value === null ? '—' : percent(value));

// One head's share of one role: this sentence's, the corpus's in brackets.
const shareCell = (head, role, here, corpus, own) =>
  h(
    'td',
    { class: own ? 'own-role' : null },
    h('span', { class: 'sentence', dataset: { head, role, share: here ?? '' } }, shown(here)),
    ' ',
    h('span', { class: 'corpus' }, `(${shown(corpus)})`),
  );

/** Each head's corpus caption above its shares on this sentence (the weights the page shows). */
function sentenceSharesTable(result) {
  const corpus = result.trained.roles.trained;
  const { rows, heads } = sentenceRoles(result.trace.attentionWeights);
  const T = result.trace.attentionWeights.shape[2];
  const counted =
    rows === 0
      ? `no row counts in a sentence of ${T} ${T === 1 ? 'token' : 'tokens'}: it needs 3`
      : `mean over query rows ${FIRST_COUNTED_ROW + 1}–${T}`;
  return h(
    'div',
    {
      class: 'table-wrap head-shares-wrap',
      tabindex: '0',
      role: 'region',
      'aria-label': 'Each head on this sentence',
    },
    h(
      'table',
      { class: 'head-shares' },
      h(
        'caption',
        {},
        `Each head’s weight on the previous token, itself and the first token in this sentence, and in the corpus (in brackets): ${counted}. Rows 1 and 2 are left out, as in the corpus: there these keys are partly one token.`,
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', { class: 'corner' }, 'head'),
          corpus.map((_, head) => h('th', { scope: 'col' }, String(head + 1))),
        ),
      ),
      h(
        'tbody',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, 'caption'),
          corpus.map((c) =>
            h(
              'td',
              { class: 'caption-role' },
              `${ROLE_WORDS[c.role] ?? ROLE_NAMES[c.role] ?? c.role} ${percent(c.share)}`,
            ),
          ),
        ),
        SENTENCE_ROLES.map((role) =>
          h(
            'tr',
            { dataset: { role } },
            h('th', { scope: 'row' }, ROLE_HEADERS[role]),
            corpus.map((c, head) =>
              shareCell(head, role, heads[head][role], c.shares[role], c.role === role),
            ),
          ),
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

/**
 * What the shared id's entry in the top-5 means, or null when no row predicts it: not a word,
 * but every token outside the model's vocabulary at once.
 */
function sharedNote(trained) {
  if (!trained.next.some((row) => row.some((n) => n.id < 0))) return null;
  const own = (trained.info.vocabulary - 1).toLocaleString('en-US');
  const coverage = Number(trained.info.facts['vocabulary.coverage.heldout']);
  return h(
    'p',
    { class: 'note shared-note' },
    `“${SHARED_TOKEN}” is not a word. The model has an id of its own for the ${own} GPT-2 tokens the Brown Corpus uses most; every other token shares one id, so this entry is the chance that the next token is any of them`,
    Number.isFinite(coverage)
      ? ` (${percent(1 - coverage)} of the tokens of the held-out text are).`
      : '.',
  );
}

/** The top-5 next tokens after each position, as a table, and what its shared entry means. */
export function nextTokensTable(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const tokens = ctx.result.tokens;
  const k = trained.next[0]?.length ?? 0;
  const table = h(
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
  const note = sharedNote(trained);
  return note ? h('div', {}, table, note) : table;
}
