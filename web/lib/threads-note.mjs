// Why a lab gave threads up, in English: the loader's note (lab.threadsNote) is made of one of these
// reasons, and a page that shows the note in another language (web/app/strings/threads.mjs) knows
// it by them. No imports, so the element bundles it without the loader.

/** The reasons: workers from blob: URLs forbidden, or workers that never started. */
export const THREADS_WHY = Object.freeze({
  csp:
    "this page's Content-Security-Policy does not allow workers from blob: URLs (worker-src " +
    "blob:), which the threaded build's workers start from",
  late: (seconds) =>
    `the threaded build's workers did not start within ${seconds} s ` +
    '(a Content-Security-Policy worker-src, or something else, stopped them)',
});

/** How long the threaded build's workers may take to start before the lab runs on one thread. */
export const START_SECONDS = 20;

/** The note of a lab that runs on one thread for `why`. */
export const threadsNoteOf = (why) => `Running on one thread: ${why}.`;
