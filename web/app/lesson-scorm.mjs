// The lesson file as a SCORM 1.2 SCO (`attention-lab lesson --scorm`): it finds the LMS's API
// object (window.API in this window, a parent frame or the opener's, as SCORM 1.2's run-time
// environment prescribes), opens a session, reports the lesson's status and, for an exercise, its
// score, and closes the session when the page goes away. Without an API (the file opened on its own)
// it does nothing, and the lesson works as any lesson file does.
//
// What is reported: a step or a lab is "completed" once it is shown; an exercise is "incomplete"
// until the first Check, then "passed" (score 100 of 0..100) once a Check is right, "failed"
// (score 0) while none was. A passed exercise stays passed when a later try is wrong.

// SCORM 1.2 has the content look at most this many parents up (the LMS's frameset is shallow).
const MAX_PARENTS = 7;

// A window's API, or null; a frame on another origin cannot be looked into (SecurityError).
function apiOf(win) {
  try {
    const api = win.API;
    return api && typeof api.LMSInitialize === 'function' ? api : null;
  } catch {
    return null;
  }
}

function parentOf(win) {
  try {
    return win.parent && win.parent !== win ? win.parent : null;
  } catch {
    return null;
  }
}

function searchUp(start) {
  let win = start;
  for (let i = 0; win && i <= MAX_PARENTS; ++i) {
    const api = apiOf(win);
    if (api) return api;
    win = parentOf(win);
  }
  return null;
}

/** The LMS's SCORM 1.2 API object for `win`: its own, a parent's, or the opener's; or null. */
export function findScormApi(win) {
  const own = searchUp(win);
  if (own) return own;
  try {
    return win.opener ? searchUp(win.opener) : null;
  } catch {
    return null;
  }
}

// The API answers "true" / "false" as strings; anything thrown is the LMS's problem, not the
// student's: the lesson goes on.
function call(api, name, ...args) {
  try {
    return String(api[name](...args));
  } catch (err) {
    console.warn(`attention-lab: the LMS's ${name} failed: ${err?.message ?? err}`);
    return 'false';
  }
}

/**
 * Starts the session: { exercise(detail) (after each Check: { correct }), done() (the view is
 * shown) }. `exercise`: whether the lesson is an exercise (scored) or a step or lab (completed).
 * Sets <html data-scorm> to 'connected' or 'none', for whoever checks the package.
 */
export function startScormReport(win, { exercise }) {
  const doc = win.document;
  const api = findScormApi(win);
  if (!api || call(api, 'LMSInitialize', '') !== 'true') {
    doc.documentElement.dataset.scorm = 'none';
    return { exercise() {}, done() {} };
  }
  doc.documentElement.dataset.scorm = 'connected';
  let passed = false;
  let finished = false;
  const set = (key, value) => call(api, 'LMSSetValue', key, String(value));
  const status = call(api, 'LMSGetValue', 'cmi.core.lesson_status');
  if (exercise && ['', 'not attempted', 'false'].includes(status)) {
    set('cmi.core.lesson_status', 'incomplete');
    call(api, 'LMSCommit', '');
  }
  const finish = () => {
    if (finished) return;
    finished = true;
    call(api, 'LMSCommit', '');
    call(api, 'LMSFinish', '');
  };
  win.addEventListener('pagehide', finish);
  win.addEventListener('beforeunload', finish);
  return {
    exercise({ correct }) {
      if (finished || (passed && !correct)) return;
      passed ||= correct;
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', correct ? 100 : 0);
      set('cmi.core.lesson_status', correct ? 'passed' : 'failed');
      call(api, 'LMSCommit', '');
    },
    done() {
      if (finished || exercise) return;
      set('cmi.core.lesson_status', 'completed');
      call(api, 'LMSCommit', '');
    },
  };
}
