// The lecture labs: one experiment per claim of the two lectures, each a module in this folder,
// listed here in the order. ?lab=<slug> opens one in the lab panel of the full page
// (ui/labs.mjs); each step links to the labs whose `stage` is that step.
//
// A lab is a folder (its index.mjs: slug, title, stage — a step slug, or null for a page-wide lab —,
// summary, params, load), run by the harness (harness.mjs, which says what each part does); this
// list holds only the labs' index modules, so that a lab's compute and view load when it opens.
import * as lectureOrder from './lecture-order/index.mjs';
import * as sqrtDh from './sqrt-dh/index.mjs';
import * as masking from './masking/index.mjs';
import * as causality from './causality/index.mjs';
import * as dropout from './dropout/index.mjs';
import * as transpose from './transpose/index.mjs';
import * as weights from './weights/index.mjs';
import * as sizes from './sizes/index.mjs';
import * as loopVsFused from './loop-vs-fused/index.mjs';
import * as code from './code/index.mjs';
import * as exportLab from './export/index.mjs';

// In the order: the lecture's classes, then the claims stage by stage, then the code.
export const LABS = Object.freeze([
  lectureOrder,
  sqrtDh,
  masking,
  causality,
  dropout,
  transpose,
  weights,
  sizes,
  loopVsFused,
  code,
  exportLab,
]);

/** The lab with this slug, or undefined. */
export const findLab = (slug) => LABS.find((lab) => lab.slug === slug);

/** The labs reachable from a step (its slug). */
export const labsAt = (step) => LABS.filter((lab) => lab.stage === step);
