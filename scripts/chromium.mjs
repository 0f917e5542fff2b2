// The one way this repository starts Chromium: Debian's /usr/bin/chromium (or $CHROMIUM) driven by
// playwright-core, headless, with the flags that keep a test or a benchmark run quiet and alike on
// every machine (no GPU, no background network or component updates, no first-run pages). The
// browser tests (tests/e2e, tests/embed, tests/pack) and the browser benchmark share it, so a
// figure of the benchmark and a page the tests checked come from the same browser set-up.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless Chromium. exposeGc: gc() available to pages and workers, as --expose-gc gives Node,
 * so that the benchmark can collect garbage between runs instead of inside a timed one.
 */
export function launchChromium({ exposeGc = false } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...(exposeGc ? ['--js-flags=--expose-gc'] : []),
    ],
  });
}
