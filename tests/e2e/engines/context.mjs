// What the engine checks share: the settings every check puts in the URL (never the page's
// defaults, which are a teaching choice that may change), the servers (the page with and without
// COOP/COEP; a CDN for dist/ and a course page on another origin, as tests/embed hosts them), and
// one browser of the engine under test per test file, started once and always closed.
import { before, after } from 'node:test';
import path from 'node:path';
import { startServer, checkSite, ROOT } from '../helpers.mjs';
import { serve, checkDist } from '../../embed/helpers.mjs';
import { DEFAULT_SETTINGS, DEFAULT_VIEW } from '../../../web/app/state/settings.mjs';
import { toUrl } from '../../../web/app/state/url.mjs';
import { launchEngine } from './driver.mjs';

/** Every setting of the page, written out: the lecture's example at a teaching size. */
export const SETTINGS = Object.freeze({
  ...DEFAULT_SETTINGS,
  sentence: 'dream big and work for it',
  weights: 'random',
  dIn: 6,
  dOut: 6,
  heads: 2,
  batch: 2,
  dropout: 0.1,
  training: false,
  seed: 123,
  qkvBias: false,
  causal: true,
  masking: 'neg-inf',
  layout: 'fused',
  module: 'mha',
});

/** The page's query string for `settings` (all of them) and `view` (step, …). */
export const query = (settings = SETTINGS, view = {}) =>
  toUrl({ settings, view: { ...DEFAULT_VIEW, ...view } });

export const VIEWPORT = { width: 1280, height: 900 };

/**
 * Registers the file's before/after hooks; returns the context they fill: browser, isolated and
 * plain (scripts/serve.mjs with and without COOP/COEP), cdn (dist/ on 127.0.0.2 with CORS) and
 * site (build/site on 127.0.0.2, isolated, embeddable), and open(url) → a page.
 */
export function engineContext(engine, coursePages) {
  const ctx = { engine, servers: [] };
  before(async () => {
    checkSite();
    checkDist();
    ctx.isolated = await startServer();
    ctx.plain = await startServer({ args: ['--no-isolation'] });
    ctx.cdn = await serve({ root: path.join(ROOT, 'dist'), host: '127.0.0.2', cors: true });
    ctx.site = await serve({
      root: path.join(ROOT, 'build', 'site'),
      host: '127.0.0.2',
      cors: true,
      isolation: true,
    });
    ctx.course = await serve({ pages: coursePages(ctx), isolation: true });
    ctx.lms = await serve({ pages: coursePages(ctx) });
    ctx.browser = await launchEngine(engine);
  });
  after(async () => {
    await ctx.browser?.close();
    for (const s of [ctx.isolated, ctx.plain]) await s?.stop();
    for (const s of [ctx.cdn, ctx.site, ctx.course, ctx.lms]) await s?.close();
  });
  ctx.open = (url) => ctx.browser.open(url, VIEWPORT);
  return ctx;
}

/** In the page: the texts of every error message shown (controls, banner, panel). */
export const shownErrors = () =>
  [...document.querySelectorAll('[role="alert"], .panel-message.error, .lab-error')]
    .filter((e) => !e.hidden && e.textContent.trim() !== '')
    .map((e) => `${e.id || e.className}: ${e.textContent.trim()}`);

/** In the page: whether the page (or embed page) has loaded its core and drawn; throws on failure. */
export const pageReady = () => {
  const state = document.documentElement.dataset.ready;
  if (state === 'error')
    throw new Error(`the page failed: ${document.body.innerText.slice(0, 300)}`);
  return state === 'true';
};

/** Float32 bit patterns of numbers (arrays of them compare exactly, -0 and NaN included). */
export const bits = (values) => Array.from(new Uint32Array(Float32Array.from(values).buffer));
