// The page's main checks in Firefox (Debian's ESR, SpiderMonkey): it validates relaxed SIMD and
// runs the threaded build on a cross-origin-isolated page. The e2e-firefox suite of scripts/test.sh.
import { engineContext } from './context.mjs';
import { pageChecks } from './checks-page.mjs';
import { libChecks, coursePages } from './checks-lib.mjs';
import { lessonChecks } from './checks-lesson.mjs';
import { exerciseChecks, exercisePages } from './checks-exercises.mjs';

const ctx = engineContext('firefox', (servers) => ({
  ...coursePages(servers),
  ...exercisePages(servers),
}));
pageChecks(ctx);
libChecks(ctx, { threads: true, relaxedSimd: true });
lessonChecks(ctx);
exerciseChecks(ctx);
