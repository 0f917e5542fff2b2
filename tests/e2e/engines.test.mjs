// The page's main checks that also run in Firefox and WebKit (tests/e2e/engines/), here in
// Chromium: relaxed SIMD, and the threaded build on a cross-origin-isolated page.
import { engineContext } from './engines/context.mjs';
import { pageChecks } from './engines/checks-page.mjs';
import { libChecks, coursePages } from './engines/checks-lib.mjs';
import { exerciseChecks, exercisePages } from './engines/checks-exercises.mjs';

const ctx = engineContext('chromium', (servers) => ({
  ...coursePages(servers),
  ...exercisePages(servers),
}));
pageChecks(ctx);
libChecks(ctx, { threads: true, relaxedSimd: true });
exerciseChecks(ctx);
