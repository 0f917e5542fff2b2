// The headers of a tensor's tables: its tokens as row or column labels, with their place and
// GPT-2 id as hover text, and the heads over the columns of a (B,T,h·d_h) tensor.
import { tokenLabel } from './format.mjs';
import { headColour } from './colour.mjs';
import { EN, format } from '../strings/index.mjs';

// A token's hover text; a page's own row labels (the element's `tokens`) have no GPT-2 id.
const tokenTitle = (t, i, S) =>
  format(S[t.id === null ? 'tip.token' : 'tip.tokenId'], { n: i + 1, text: t.text, id: t.id });

/** Row labels: the tokens, with their 1-based position. */
export function tokenRows(tokens, S = EN) {
  return tokens.map((t, i) => ({
    text: tokenLabel(t.text),
    note: String(i + 1),
    title: tokenTitle(t, i, S),
  }));
}

/** Column labels: the tokens. */
export const tokenCols = (tokens, S = EN) =>
  tokens.map((t, i) => ({
    text: tokenLabel(t.text),
    title: tokenTitle(t, i, S),
  }));

/** Column groups "head 1 | head 2 | …" over a (B,T,h·d_h) tensor's columns. */
export function headGroups(sizes, S = EN) {
  return Array.from({ length: sizes.h }, (_, i) => ({
    label: format(S['map.head'], { n: i + 1 }),
    span: sizes.dh,
    colour: headColour(i),
  }));
}
