// The tokens the sentence became, with their GPT-2 ids. Token text is set as text, never markup.
import { h, replace } from './dom.mjs';

export function renderTokens(root, result) {
  const { tokens, source, settings } = result;
  replace(
    root,
    h(
      'h2',
      { class: 'small-heading', id: 'tokens-heading' },
      `${tokens.length} token${tokens.length === 1 ? '' : 's'}`,
    ),
    h(
      'ol',
      { class: 'tokens', 'aria-labelledby': 'tokens-heading' },
      tokens.map((t, i) =>
        h(
          'li',
          { class: 'token', title: `token ${i + 1}, id ${t.id}` },
          h('span', { class: 'pos', 'aria-hidden': 'true' }, String(i + 1)),
          h(
            'span',
            { class: 'tok', dir: 'auto' },
            t.text.startsWith(' ')
              ? [
                  h('span', { class: 'space', title: 'a leading space is part of the token' }, '␣'),
                  t.text.slice(1),
                ]
              : t.text,
          ),
          h('span', { class: 'id' }, h('span', { class: 'visually-hidden' }, ' id '), String(t.id)),
        ),
      ),
    ),
    h(
      'p',
      { class: 'help' },
      source === 'lecture'
        ? 'Embeddings: the lecture notebook’s own 3-d vectors.'
        : `Embeddings: seeded pseudo-random vectors (seed ${settings.seed}), d_in = ${settings.dIn}.`,
    ),
  );
}
