// The flags of `attention-lab lesson` (cli/lesson.mjs), in the command table's form (commands.mjs).
export const LESSON_FLAGS = Object.freeze([
  {
    flag: '--step',
    key: 'step',
    type: 'text',
    placeholder: 'STEP',
    help: 'the step to show: its name (softmax) or the name of a stage it shows (attentionWeights)',
  },
  {
    flag: '--lab',
    key: 'lab',
    type: 'text',
    placeholder: 'LAB',
    help: 'one lecture lab alone instead of a step, e.g. masking',
  },
  {
    flag: '--exercise',
    key: 'exercise',
    type: 'text',
    placeholder: 'EXERCISE',
    help: 'one exercise alone instead of a step (predict, then check; scored with --scorm)',
  },
  {
    flag: '--sentence',
    key: 'sentence',
    type: 'text',
    placeholder: 'TEXT',
    help: "the sentence (default: the lectures' example, dream big and work for it)",
  },
  {
    flag: '--weights',
    key: 'weights',
    type: 'choice',
    choices: ['random', 'trained'],
    default: 'random',
    help:
      "random: the lecture's seeded weights; trained: the model trained on the Brown Corpus " +
      '(its weights go into the file, about 420 kB)',
  },
  {
    flag: '--out',
    key: 'out',
    type: 'text',
    placeholder: 'FILE',
    help: 'the file to write (default lesson.html, or lesson.zip with --scorm)',
  },
  {
    flag: '--scorm',
    key: 'scorm',
    type: 'boolean',
    help:
      'write a SCORM 1.2 package (a .zip with imsmanifest.xml) that reports completion, and an ' +
      "exercise's score, to the LMS",
  },
]);
