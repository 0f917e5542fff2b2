// What the steps add with the trained weights (result.trained): where the embeddings come from,
// each head's measured role in its maps' captions, and the model's top-5 next tokens per position. Each
// returns null with the random weights, so a step can always include it.
import { h, m } from './dom.mjs';
import { tokenLabel } from './format.mjs';
import { ROLE_NAMES, ROLE_WORDS, percent } from '../../lib/present.mjs';
import { SENTENCE_ROLES, FIRST_COUNTED_ROW, sentenceRoles } from './sentence-roles.mjs';
import { EN, wordsOf } from '../strings/index.mjs';
import { translator } from '../strings/words.mjs';
import { TRAINED, ROLE_ABOUT } from '../strings/en-trained.mjs';

// A head role's name ("role.<name>") and its one word for narrow places ("roleWord.<name>", else
// the name), in the words of S, else the English of lib/present.mjs.
const roleName = (S, role) => S[`role.${role}`] ?? ROLE_NAMES[role] ?? role;
const roleWord = (S, role) => S[`roleWord.${role}`] ?? ROLE_WORDS[role] ?? roleName(S, role);

// One translator per catalogue for the notes' words ("explain.trained.*", else en-trained.mjs).
const made = new WeakMap();
function explainWords(ctx) {
  const words = wordsOf(ctx);
  if (!made.has(words)) made.set(words, translator(words, 'explain.', TRAINED));
  return made.get(words);
}

/** Step 1: the trained model's own vectors, token embedding + position embedding. */
export function trainedEmbeddings(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const t = explainWords(ctx);
  const { vocabulary, width, context } = trained.info;
  const shared = ctx.result.tokens.filter((x) => x.shared).map((x) => `“${tokenLabel(x.text)}”`);
  const count = vocabulary - 1;
  return [
    h('p', {}, t('trained.embeddings', { d: m(`d = ${width}`), count, context })),
    shared.length
      ? h('p', { class: 'note' }, t('trained.shared', { tokens: shared.join(', ') }))
      : null,
  ];
}

/**
 * The caption of head `head`'s maps (counted from 0) with the trained weights, or null with the
 * random ones: { text: "head 3 · itself 20 %", shorter: the forms for a narrow map, full: "head 3:
 * 20 % of its weight on the same token (itself), 3.9× the random model", role, share }. `name`:
 * the head's name in the interface's words, S those words.
 */
export function headCaption(result, head, name = `head ${head + 1}`, S = EN) {
  const measured = result.trained?.roles.trained[head];
  if (!measured) return null;
  const { role, share, lift } = measured;
  const shown = `${roleName(S, role)} ${percent(share)}`;
  const description = S[`role.about.${role}`] ?? ROLE_ABOUT[role] ?? measured.description;
  return {
    text: `${name} · ${shown}`,
    shorter: [
      `${head + 1} · ${shown}`,
      `${head + 1} · ${roleWord(S, role)} ${percent(share)}`,
      `${head + 1} · ${percent(share)}`,
      String(head + 1),
    ],
    full: explainWords({ strings: S })('trained.full', {
      n: head + 1,
      share: percent(share),
      description,
      lift: lift.toFixed(1),
    }),
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
  const t = explainWords(ctx);
  const heads = trained.roles.trained;
  const lifts = heads.map((head) => `${head.lift.toFixed(1)}×`).join(', ');
  return [
    h('p', { class: 'head-roles' }, t('trained.roles', { count: heads.length, lifts })),
    h('p', { class: 'weights-scope' }, t('trained.scope')),
    sentenceSharesTable(ctx.result, wordsOf(ctx), t),
  ];
}

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
function sentenceSharesTable(result, S, t) {
  const corpus = result.trained.roles.trained;
  const { rows, heads } = sentenceRoles(result.trace.attentionWeights);
  const T = result.trace.attentionWeights.shape[2];
  const counted =
    rows === 0
      ? t(T === 1 ? 'trained.noRowsOne' : 'trained.noRows', { T })
      : t('trained.rows', { first: FIRST_COUNTED_ROW + 1, T });
  return h(
    'div',
    {
      class: 'table-wrap head-shares-wrap',
      tabindex: '0',
      role: 'region',
      'aria-label': t('trained.sharesLabel'),
    },
    h(
      'table',
      { class: 'head-shares' },
      h('caption', {}, t('trained.sharesCaption', { counted })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', { class: 'corner' }, t('trained.head')),
          corpus.map((_, head) => h('th', { scope: 'col' }, String(head + 1))),
        ),
      ),
      h(
        'tbody',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, t('trained.caption')),
          corpus.map((c) =>
            h('td', { class: 'caption-role' }, `${roleWord(S, c.role)} ${percent(c.share)}`),
          ),
        ),
        SENTENCE_ROLES.map((role) =>
          h(
            'tr',
            { dataset: { role } },
            h('th', { scope: 'row' }, roleName(S, role)),
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
  return h('p', {}, explainWords(ctx)('trained.next'));
}

/**
 * What the shared id's entry in the top-5 means, or null when no row predicts it: not a word,
 * but every token outside the model's vocabulary at once.
 */
function sharedNote(trained, t) {
  if (!trained.next.some((row) => row.some((n) => n.id < 0))) return null;
  const own = (trained.info.vocabulary - 1).toLocaleString('en-US');
  const coverage = Number(trained.info.facts['vocabulary.coverage.heldout']);
  const shared = t('trained.sharedToken');
  return h(
    'p',
    { class: 'note shared-note' },
    Number.isFinite(coverage)
      ? t('trained.sharedNote', { shared, own, percent: percent(1 - coverage) })
      : t('trained.sharedNoteBare', { shared, own }),
  );
}

/** The top-5 next tokens after each position, as a table, and what its shared entry means. */
export function nextTokensTable(ctx) {
  const trained = ctx.result.trained;
  if (!trained) return null;
  const tokens = ctx.result.tokens;
  const k = trained.next[0]?.length ?? 0;
  const t = explainWords(ctx);
  // The shared id stands for every token outside the vocabulary: it has no text of its own.
  const label = (n) => (n.id < 0 ? t('trained.sharedToken') : tokenLabel(n.text));
  const table = h(
    'div',
    { class: 'table-wrap next-tokens-wrap' },
    h(
      'table',
      { class: 'next-tokens' },
      h('caption', {}, t('trained.nextCaption', { k })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('trained.after')),
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
                h('span', { class: 'next-token' }, label(n)),
                ' ',
                h('span', { class: 'next-probability' }, percent(n.probability)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const note = sharedNote(trained, t);
  return note ? h('div', {}, table, note) : table;
}
