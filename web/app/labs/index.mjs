// The lecture labs: one experiment per claim of the two lectures, each a module in this folder,
// listed here in the order. ?lab=<slug> opens one in the lab panel of the full page
// (ui/labs.mjs); each step links to the labs whose `stage` is that step.
//
// A lab module exports slug, title, stage (a step slug, or null for a page-wide lab), summary
// (one line for the list) and mount(root, ctx) → { update(), destroy() }, where ctx is
// { lab (the AttentionLab), page() → { settings, result } (the stepper's current state),
// params (URLSearchParams of the lab's own URL keys, "<slug>.<key>", as they were when the lab
// opened: a lab keeps its own state from then on and writes it back with setParams), setParams(patch)
// (a key without the prefix gets it, null or '' removes it), h (ui/dom.mjs's h) }. A lab on the
// harness is a folder instead (its index.mjs; harness.mjs says what each part does).
import * as lectureOrder from './lecture-order/index.mjs';
import * as sqrtDh from './sqrt-dh/index.mjs';
import * as masking from './masking/index.mjs';
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
