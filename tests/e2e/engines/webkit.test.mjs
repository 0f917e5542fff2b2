// The page's main checks in WebKit (WebKitGTK's MiniBrowser, JavaScriptCore: Safari's engine). Its
// pages are cross-origin isolated, yet it has no SharedArrayBuffer, so one thread everywhere; it
// does not validate relaxed SIMD (the SIMD128 build). The e2e-webkit suite of scripts/test.sh.
import { engineContext } from './context.mjs';
import { pageChecks } from './checks-page.mjs';
import { libChecks, coursePages } from './checks-lib.mjs';
import { exerciseChecks, exercisePages } from './checks-exercises.mjs';

const ctx = engineContext('webkit', (servers) => ({
  ...coursePages(servers),
  ...exercisePages(servers),
}));
pageChecks(ctx);
libChecks(ctx, { threads: false, relaxedSimd: false });
exerciseChecks(ctx);
