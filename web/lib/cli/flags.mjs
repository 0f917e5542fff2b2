// The flags several commands share, and how an option's flag is named: the command table
// (commands.mjs) and the parser (args.mjs) both build on these.
import { kebabCase } from '../setting-text.mjs';

/** The flag of an option name: `--` and the name in kebab case (`maxFlops` → `--max-flops`). */
export const flagOf = (name) => `--${kebabCase(name)}`;

// The lecture's MultiHeadAttention example, MultiHeadAttention(3, 2, 6, 0.0, num_heads=2) with
// torch.manual_seed(123): explain's defaults, so it prints the book's own numbers.
export const LECTURE_EXAMPLE = Object.freeze({ dIn: 3, dOut: 2, heads: 2, seed: 123 });

// --weights: the lecture's seeded random weights, or the model trained on the Brown Corpus.
export const WEIGHTS_FLAG = Object.freeze({
  flag: '--weights',
  key: 'weights',
  type: 'text',
  placeholder: 'random|trained|FILE',
  default: 'random',
  help:
    "random: the lecture's seeded weights (every option applies); trained: the language model " +
    'trained on the Brown Corpus, whose block the weights file fixes (the architecture options ' +
    "apply to the random weights only), with each head's measured role and the top-5 next tokens; " +
    'FILE: a weights file that `attention-lab train` wrote, shown the same way',
});

// --seed of the commands with their own seed (dropout's draw, train's whole run).
export const seedFlag = (help) => ({
  flag: '--seed',
  key: 'seed',
  type: 'integer',
  placeholder: 'S',
  default: 123,
  range: '0..4294967295',
  help,
});
