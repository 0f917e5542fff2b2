// The tokens the sentence became, with their GPT-2 ids. Token text is set as text, never markup.
import { h, replace } from './dom.mjs';
import { EN, format } from '../strings/index.mjs';

/**
 * Draws the tokens into `root`, changing only what changed: a typed character changes a token or
 * two, while a list of 64 tokens rebuilt whole means building and laying out its 400 elements at
 * every keystroke. An item is kept when its token, id and formed characters are the same at the
 * same position. S: the interface's words.
 */
export function renderTokens(root, result, S = EN) {
  const { tokens, source, settings } = result;
  const forms = charactersFormed(tokens);
  const heading = format(S[tokens.length === 1 ? 'tokens.one' : 'tokens.count'], {
    n: tokens.length,
  });
  let list = root.querySelector(':scope > ol.tokens');
  if (!list) {
    list = h('ol', { class: 'tokens', 'aria-labelledby': 'tokens-heading' });
    replace(root, h('h2', { class: 'small-heading', id: 'tokens-heading' }), list, h('div'));
  }
  const [title, , notes] = root.children;
  if (title.textContent !== heading) title.textContent = heading;
  tokens.forEach((t, i) => {
    const key = `${t.id} ${forms[i] ?? ''} ${t.text}`;
    const old = list.children[i];
    if (old?.dataset.key === key) return;
    // Another sentence changes every token: an item of the same form (a leading space or not,
    // byte pieces or not) takes the new text in place, with no new elements to build and style.
    if (old && old.dataset.form === formOf(t, forms[i])) return retext(old, t, i, forms[i], key, S);
    const item = tokenItem(t, i, forms[i], S);
    item.dataset.key = key;
    if (old) old.replaceWith(item);
    else list.append(item);
  });
  while (list.children.length > tokens.length) list.lastElementChild.remove();
  const help = [
    ...tokenNotes(tokens, settings.sentence, S),
    format(S[`tokens.${EMBEDDINGS[source] ?? 'seeded'}`], { d: settings.dIn, seed: settings.seed }),
  ];
  if (notes.dataset.key !== help.join('\n')) {
    notes.dataset.key = help.join('\n');
    replace(
      notes,
      help.map((text, i) =>
        h('p', { class: i < help.length - 1 ? 'help token-note' : 'help' }, text),
      ),
    );
  }
}

// Where the embeddings come from: each source's catalogue key (tokens.<key>).
const EMBEDDINGS = { trained: 'trained', own: 'own', lecture: 'lecture' };

// The form of a token's item: the elements it has, whatever its text.
const formOf = (t, formed) =>
  `${t.text.startsWith(' ') ? 'space' : 'word'}${formed ? ' formed' : ''}${t.id === null ? ' label' : ''}`;
// A page's own rows (the element's `tokens`) are labels without a GPT-2 id.
const titleOf = (t, i, formed, S) => {
  const title = format(S[t.id === null ? 'tokens.title' : 'tokens.titleId'], {
    n: i + 1,
    id: t.id,
  });
  return formed ? format(S['tokens.bytesOf'], { title, formed }) : title;
};

// An item of the same form shows another token: its title and its texts (the position stays).
function retext(item, t, i, formed, key, S) {
  item.dataset.key = key;
  item.title = titleOf(t, i, formed, S);
  const [, tok, third, fourth] = item.children;
  tok.lastChild.nodeValue = t.text.startsWith(' ') ? t.text.slice(1) : t.text;
  if (formed) third.lastChild.nodeValue = `→${formed}`;
  const id = formed ? fourth : third;
  if (id) id.lastChild.nodeValue = String(t.id);
}

// One token: its position, its text (a leading space shown as ␣), the character its byte pieces
// help form, and its GPT-2 id.
function tokenItem(t, i, formed, S) {
  return h(
    'li',
    { class: 'token', title: titleOf(t, i, formed, S), dataset: { form: formOf(t, formed) } },
    h('span', { class: 'pos', 'aria-hidden': 'true' }, String(i + 1)),
    h(
      'span',
      { class: 'tok', dir: 'auto' },
      t.text.startsWith(' ')
        ? [h('span', { class: 'space', title: S['tokens.space'] }, '␣'), t.text.slice(1)]
        : t.text,
    ),
    formed
      ? h(
          'span',
          { class: 'forms' },
          h('span', { class: 'visually-hidden' }, S['tokens.partOf']),
          `→${formed}`,
        )
      : null,
    t.id === null
      ? null
      : h(
          'span',
          { class: 'id' },
          h('span', { class: 'visually-hidden' }, S['tokens.id']),
          String(t.id),
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
  // Most sentences have no byte pieces: nothing to lay end to end (and no work per keystroke).
  if (!tokens.some((t) => BYTE_PIECE.test(t.text))) return tokens.map(() => null);
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
function tokenNotes(tokens, sentence, S) {
  const notes = [];
  const piece = tokens.find((t) => BYTE_PIECE.test(t.text));
  if (piece) notes.push(format(S['tokens.bytePiece'], { piece: piece.text }));
  const words = sentence.trim().split(/\s+/).filter(Boolean).length;
  if (/[^\u0000-\u024f\s]/u.test(sentence) && tokens.length > 1.5 * words)
    notes.push(
      format(S[words === 1 ? 'tokens.perOneWord' : 'tokens.perWord'], {
        tokens: tokens.length,
        words,
      }),
    );
  return notes;
}
