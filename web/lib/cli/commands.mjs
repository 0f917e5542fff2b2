// What each command takes: the option table's flags (derived from the core's contract.mjs, so
// they cannot drift from what the core checks), the options a command has no flag for, and the
// command's own flags. args.mjs parses a command line against this table; help.mjs describes it.
import { OPTIONS } from '../contract.mjs';
import { LECTURE_EXAMPLE, WEIGHTS_FLAG, flagOf, seedFlag } from './flags.mjs';
import { TRAIN_FLAGS } from './train-flags.mjs';
import { LESSON_FLAGS } from './lesson-flags.mjs';

/**
 * What each command takes besides the option table: its own flags, the options it has no flag
 * for (and why: its --help says so), and the defaults it uses instead of the table's.
 */
export const COMMANDS = {
  explain: {
    defaults: LECTURE_EXAMPLE,
    withoutFlag: {
      tokens: 'T is the number of tokens of the sentence',
      trace: 'explain prints the trace, so it is always kept',
    },
    own: [
      {
        flag: '--stage',
        key: 'stage',
        type: 'text',
        placeholder: 'NAME',
        help:
          'print only this stage: a stage listed below (attentionWeights) or a step of the page ' +
          'and the element (softmax: the stage that step is about)',
      },
      {
        flag: '--decimals',
        key: 'decimals',
        type: 'integer',
        placeholder: 'D',
        default: 4,
        range: '0..8',
        help: 'digits after the decimal point',
      },
      WEIGHTS_FLAG,
      {
        flag: '--json',
        key: 'json',
        type: 'boolean',
        help:
          'print the run as JSON: { sentence, tokens, options, sizes, stages: [{ index, name, ' +
          'dims, shape, explanation, data }] }, every number of every batch item',
      },
    ],
  },
  heads: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: [
      { ...WEIGHTS_FLAG, placeholder: 'trained|FILE', default: 'trained' },
      {
        flag: '--json',
        key: 'json',
        type: 'boolean',
        help: "print every head's role shares as JSON: { head, role, share } rows, trained and random",
      },
    ],
  },
  train: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: TRAIN_FLAGS,
  },
  lesson: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: LESSON_FLAGS,
  },
  describe: {
    defaults: {},
    withoutFlag: {},
    own: [
      {
        flag: '--preset',
        key: 'preset',
        type: 'choice',
        choices: ['lecture', 'gpt2', 'gpt3'],
        help:
          "start from the lecture's toy (d = 6, 2 heads), GPT-2 small's attention block (768, 12 " +
          "heads, T = 1024) or GPT-3's (12288, 96 heads, T = 2048); flags override it",
      },
      { flag: '--json', key: 'json', type: 'boolean', help: 'print the description as JSON' },
    ],
  },
  dropout: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: [
      {
        flag: '--p',
        key: 'p',
        type: 'number',
        placeholder: 'P',
        default: 0.5,
        range: '[0, 1)',
        help: 'the dropout probability',
      },
      seedFlag('torch.manual_seed(seed) right before the draw'),
      {
        flag: '--shape',
        key: 'shape',
        type: 'text',
        placeholder: 'AxB',
        default: '6x6',
        help: 'the shape of the tensor of ones to drop (the notebook: 6x6)',
      },
      {
        flag: '--rng',
        key: 'rng',
        type: 'choice',
        choices: ['cpu', 'mkl'],
        default: 'cpu',
        help: "cpu: PyTorch's default CPU kernel (the notebook's mask); mkl: PyTorch builds with MKL on Intel CPUs",
      },
      { flag: '--json', key: 'json', type: 'boolean', help: 'print { output, mask } as JSON' },
    ],
  },
  forward: {
    defaults: {},
    withoutFlag: {},
    own: [
      {
        flag: '--config',
        key: 'config',
        type: 'text',
        placeholder: 'FILE',
        help: 'the JSON file with forward()\'s options; "-" reads stdin',
      },
    ],
  },
};

/**
 * The flags of a command, in lecture order then its own: [{ flag, key, type, choices?, option? }];
 * `option` is the table's entry for flags derived from it.
 */
export function commandFlags(command) {
  const { withoutFlag, own, tableOptions = true } = COMMANDS[command];
  const table = tableOptions ? OPTIONS : [];
  const derived = table
    .filter((o) => !(o.name in withoutFlag))
    .map((option) => ({
      flag: flagOf(option.name),
      key: option.name,
      type: option.type,
      choices: option.choices,
      option,
    }));
  return [...derived, ...own];
}
