// What the trained weights add to the steps, in English (ui/trained-notes.mjs): the mount's
// catalogue's "explain.trained.<key>" (de-steps.mjs; an author's own words) or these; and what each
// head role looks at ("role.about.<name>"). Beside the notes, not in en.mjs, as en-steps.mjs.
import { SHARED_TOKEN } from '../../lib/present.mjs';

/** The notes' English words, under their keys without "explain.". */
export const TRAINED = Object.freeze({
  'trained.embeddings':
    'These are the trained model’s vectors: its token embedding, one learned row of {d} numbers for each of the {count} GPT-2 tokens the Brown Corpus uses most, plus its learned position embedding, one row for each of the first {context} positions. Training moved both so that the attention block below could predict the next token.',
  'trained.shared':
    'Not among those tokens: {tokens}. Each shares one row with every other rare token, so the model cannot tell them apart.',
  'trained.full': 'head {n}: {share} of its weight on {description}, {lift}× the random model',
  'trained.roles':
    'Each head’s caption names what it looks at most, measured on held-out Brown Corpus text: the share of its attention weight on that kind of token, for the role where this share is the largest multiple of the random-weight model’s (heads 1–{count}: {lifts}). Hover a caption for the whole sentence.',
  'trained.scope':
    'The model learned English text (the Brown Corpus), so on other languages its heads’ roles may not show. Random weights show how attention computes, step by step, but not what a head looks at; trained weights show what one model learned on average over its corpus, and one sentence can differ: the table measures this one.',
  'trained.noRows': 'no row counts in a sentence of {T} tokens: it needs 3',
  'trained.noRowsOne': 'no row counts in a sentence of {T} token: it needs 3',
  'trained.rows': 'mean over query rows {first}–{T}',
  'trained.sharesLabel': 'Each head on this sentence',
  'trained.sharesCaption':
    'Each head’s weight on the previous token, itself and the first token in this sentence, and in the corpus (in brackets): {counted}. Rows 1 and 2 are left out, as in the corpus: there these keys are partly one token.',
  'trained.head': 'head',
  'trained.caption': 'caption',
  'trained.next':
    'The language model adds the block’s output to its inputs (the shortcut) and turns each row into a score for every token of its vocabulary (out_head), then a softmax. Row t has seen only tokens 0 … t: this is what the causal mask is for. Below, its five most probable next tokens after each position.',
  'trained.sharedToken': SHARED_TOKEN,
  'trained.sharedNote':
    '“{shared}” is not a word. The model has an id of its own for the {own} GPT-2 tokens the Brown Corpus uses most; every other token shares one id, so this entry is the chance that the next token is any of them ({percent} of the tokens of the held-out text are).',
  'trained.sharedNoteBare':
    '“{shared}” is not a word. The model has an id of its own for the {own} GPT-2 tokens the Brown Corpus uses most; every other token shares one id, so this entry is the chance that the next token is any of them.',
  'trained.nextCaption': 'The trained model’s {k} most probable next tokens after each position',
  'trained.after': 'after',
});

/**
 * What each head role looks at, as the core describes it (cpp/attention/train/roles.cpp, the
 * weights file's descriptions): the whole caption of a head's map says it in the reader's words.
 * words-steps.test.mjs holds these to the trained model's own.
 */
export const ROLE_ABOUT = Object.freeze({
  previous: 'the previous token',
  first: 'the first token',
  self: 'the same token (itself)',
  punctuation: 'punctuation',
  'pronoun-noun': 'earlier nouns, from pronouns',
  'noun-determiner': 'earlier determiners and adjectives, from nouns',
});
