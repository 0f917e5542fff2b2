// The causality lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.causality.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  intro:
    'Why hide the future? In training a language model reads a whole sentence at once and learns, at every position t, to predict token t + 1. When it writes text it produces one token at a time: token t + 1 does not exist yet while row t is computed. So row t must depend on tokens 1 … t only, or the model would learn from a future it will not have. Change a later token of the page’s sentence (A), or append one, and compare it with yours (B).',
  'span.one': 'row {first}',
  'span.many': 'rows {first}–{last}',
  'at.token': 'token {n}: {token}',
  'at.append': 'append after the last token',
  'at.label': 'Change',
  'word.label': 'into (or append)',
  'sentence.a': 'A (the page’s): {sentence}',
  'sentence.b': 'B (yours): {sentence}',
  'differ.first': 'They differ from token 1 on: no row comes before the change.',
  'differ.from': 'They share tokens 1–{first}, and differ from token {next} on.',
  joined: ' (Tokenising B joined your text to the token before it.)',
  'mode.eval': ' The page’s model in evaluation mode, every batch item and head compared.',
  'mode.training':
    ' The page’s model in evaluation mode (the page shows training mode; dropout would draw other masks for another length), every batch item and head compared.',
  'outcome.first': 'Token 1 changed, so there is no earlier row. ',
  'outcome.kept':
    'Before the change ({span}): every attention weight and every context vector keeps its bits, largest |Δ| = {delta}. ',
  'outcome.changed':
    'Before the change ({span}): the attention weights and context vectors change, largest |Δ| = {delta}. ',
  'outcome.after': 'From the change on ({span}): largest |Δ| = {delta}.',
  'numbers.caption': 'Sentence {name}: attention weights, head 1, batch item 1',
  'corner.queryKey': 'query ↓ key →',
  'numbers.summary': 'The numbers of head 1 in both sentences',
  'part.masked': 'Attention weights with the causal mask, B against A: “=” where all bits agree',
  'part.open': 'Attention weights without the mask, B against A: “=” where all bits agree',
  'context.masked': 'Context vectors with the causal mask',
  'context.open': 'Context vectors without the mask',
  'next.error': 'The trained model: {error}',
  'next.intro':
    'The trained model (one causal attention block trained on English text, the Brown Corpus) predicts token t + 1 from row t of its block’s output. Row t has seen tokens 1 … t only, so its prediction cannot depend on what follows.',
  'next.same':
    'The predictions after the first {n} tokens: {same} the same in both sentences, token for token and bit for bit.',
  'next.sameCount': '{same} of {n}',
  'next.shared': 'After {tokens}: what comes next?',
  'next.other':
    '“{token}” is not a word: every GPT-2 token outside the {count} the model has ids for shares one id, and this is their summed chance.',
  'next.changed': 'After {a} (A) and {b} (B): the changed row',
  'heading.masked': 'With the causal mask',
  'heading.open': 'Without the mask ({code})',
  'heading.next': 'What the model predicts next',
  'row.added': '+ {token}',
  'row.aOnly': '{token} (A only)',
  'cell.same': ' same bits',
  'state.new': 'only in one sentence',
  'state.same': 'same bits',
  'state.differs': 'differs ({delta})',
  'col.row': 'the row',
  'col.token': 'token',
  'col.delta': 'largest |Δ|',
  'col.rank': 'rank',
  'col.a': 'sentence A',
  'col.b': 'sentence B',
  'error.at': 'token {n}: the sentence has {T} tokens; choose one of 1 to {T}, or append one',
  'error.empty': 'type the word that replaces the token (or is appended)',
  'error.same': '“{word}” gives the same sentence: type another word',
  'read.at':
    'the token to change must be a position from 1 (token 1), "last" or "append"; showing the last token.',
});
