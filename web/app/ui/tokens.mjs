// The tokens the sentence became, with their GPT-2 ids. Token text is set as text, never markup.
import { h, replace } from './dom.mjs';

export function renderTokens(root, result) {
  const { tokens, source, settings } = result;
  const forms = charactersFormed(tokens);
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
          {
            class: 'token',
            title: `token ${i + 1}, id ${t.id}${forms[i] ? `: bytes of “${forms[i]}”` : ''}`,
          },
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
          forms[i]
            ? h(
                'span',
                { class: 'forms' },
                h('span', { class: 'visually-hidden' }, ' part of '),
                `→${forms[i]}`,
              )
            : null,
          h('span', { class: 'id' }, h('span', { class: 'visually-hidden' }, ' id '), String(t.id)),
        ),
      ),
    ),
    tokenNotes(tokens, settings.sentence),
    h(
      'p',
      { class: 'help' },
      source === 'trained'
        ? `Embeddings: the trained model’s token + position embeddings, d = ${settings.dIn}.`
        : source === 'lecture'
          ? 'Embeddings: the lecture notebook’s own 3-d vectors.'
          : `Embeddings: seeded pseudo-random vectors (seed ${settings.seed}), d_in = ${settings.dIn}.`,
    ),
  );
}

// Why a sentence can cost many tokens, and what a byte piece such as ⟨E2 9D⟩ is.
const BYTE_PIECE = /⟨[0-9A-F]{2}( [0-9A-F]{2})*⟩/;

// A token's UTF-8 bytes: its text, with each ⟨E2 9D⟩ piece read as the bytes it names.
function bytesOf(text) {
  return text.split(/(⟨[0-9A-F ]+⟩)/).flatMap((part) =>
    BYTE_PIECE.test(part)
      ? part
          .slice(1, -1)
          .split(' ')
          .map((x) => parseInt(x, 16))
      : [...new TextEncoder().encode(part)],
  );
}

// For each token holding byte pieces, the character(s) those bytes help form, found by laying the
// tokens' bytes end to end (the sentence's UTF-8) and seeing which characters cross the token's
// edges: " ⟨E2 9D⟩" + "⟨A4⟩" → ❤ for both. Other tokens get null.
function charactersFormed(tokens) {
  const spans = [];
  const bytes = [];
  for (const t of tokens) {
    const own = bytesOf(t.text);
    spans.push([bytes.length, bytes.length + own.length]);
    bytes.push(...own);
  }
  const chars = [];
  let at = 0;
  for (const ch of new TextDecoder().decode(Uint8Array.from(bytes))) {
    const n = new TextEncoder().encode(ch).length;
    chars.push({ ch, from: at, to: at + n });
    at += n;
  }
  return tokens.map((t, i) => {
    if (!BYTE_PIECE.test(t.text)) return null;
    const [from, to] = spans[i];
    const split = chars.filter((c) => c.from < to && c.to > from && (c.from < from || c.to > to));
    return split.map((c) => c.ch).join('') || null;
  });
}
function tokenNotes(tokens, sentence) {
  const notes = [];
  const piece = tokens.find((t) => BYTE_PIECE.test(t.text));
  if (piece) {
    notes.push(
      `A token such as “${piece.text}” holds some of the UTF-8 bytes of a character, in hex: GPT-2 reads text as bytes, and a character outside its most frequent ones (ü is 2 bytes, 日 3, 😀 4) is often split into byte pieces that the neighbouring tokens complete.`,
    );
  }
  const words = sentence.trim().split(/\s+/).filter(Boolean).length;
  if (/[^\u0000-\u024f\s]/u.test(sentence) && tokens.length > 1.5 * words) {
    notes.push(
      `${tokens.length} tokens for ${words} word${words === 1 ? '' : 's'}: GPT-2’s vocabulary was learned mostly from English web pages, so English words are often one token each, while other scripts are cut into more and smaller pieces, down to single bytes. The same text costs more tokens, so it reaches the page’s limit of tokens (and a model’s context) sooner.`,
    );
  }
  return notes.map((text) => h('p', { class: 'help token-note' }, text));
}
