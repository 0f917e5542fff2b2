// The exercises: predict, then check. One per idea of the two lectures, in their order, then the
// chapter's own exercises 3.1 to 3.3. ?exercise=<slug> opens one on the full page (ui/exercises.mjs);
// each step links to the exercises whose `stage` is that step.
//
// An exercise is a folder (its index.mjs: slug, title, stage — a step slug —, lab (optional), idea,
// load), run by the harness (harness.mjs, which says what each part does); this list holds only
// the index modules, so that an exercise's task and view load when it opens.
import * as maskCells from './mask-cells/index.mjs';
import * as maskWhy from './mask-why/index.mjs';
import * as scoreByHand from './score-by-hand/index.mjs';
import * as softmaxArgmax from './softmax-argmax/index.mjs';
import * as dropoutRowSum from './dropout-row-sum/index.mjs';
import * as viewShape from './view-shape/index.mjs';
import * as transposeShape from './transpose-shape/index.mjs';
import * as mergedColumnHead from './merged-column-head/index.mjs';
import * as paramCount from './param-count/index.mjs';
import * as loopVsFusedGuess from './loop-vs-fused-guess/index.mjs';
import * as chapter31 from './chapter-3-1/index.mjs';
import * as chapter32 from './chapter-3-2/index.mjs';
import * as chapter33 from './chapter-3-3/index.mjs';

// The causal-attention lecture (mask, scores, softmax, dropout), then the multi-head one (view,
// transpose, merge, parameters, the timing), then the chapter's exercises.
export const EXERCISES = Object.freeze([
  maskCells,
  maskWhy,
  scoreByHand,
  softmaxArgmax,
  dropoutRowSum,
  viewShape,
  transposeShape,
  mergedColumnHead,
  paramCount,
  loopVsFusedGuess,
  chapter31,
  chapter32,
  chapter33,
]);

/** The exercise with this slug, or undefined. */
export const findExercise = (slug) => EXERCISES.find((e) => e.slug === slug);

/** The exercises reachable from a step (its slug). */
export const exercisesAt = (step) => EXERCISES.filter((e) => e.stage === step);
