// At most one run of an input's handler per frame, the latest input winning: a slider dragged or a
// key held fires its input event faster than the screen paints (a 120 Hz mouse, a key repeat), and
// each run recomputes and redraws a whole step, of which the screen shows only the last. The first
// input of a frame runs at once (a single change costs no wait); inputs after it in the same frame
// leave one run for the next frame, which reads the control as it is then.

/**
 * Runs `fn` in a task after the next frame is painted: for what the screen does not show (the
 * address, the tab's title, the accessible tables, steps drawn ahead), so that it never lengthens
 * the frame of a change. Without animation frames (Node), after a timer.
 */
export function afterPaint(win, fn) {
  const frame = win?.requestAnimationFrame ? (f) => win.requestAnimationFrame(f) : (f) => f();
  frame(() => setTimeout(fn, 0));
}

// The frame boundary: the next animation frame, or a short timer where there is none or frames
// are paused (a page in a background tab), so that the last input is never left unrun.
function nextFrame(win, fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(once, 100);
  win.requestAnimationFrame?.(once);
}

/**
 * A handler `fn` that runs at most once between two animation frames: the first call at once, the
 * latest of the calls after it at the next frame. Returns the handler, with cancel() to drop a
 * run still waiting.
 */
export function oncePerFrame(fn, win = globalThis) {
  let ran = false; // fn ran since the last frame boundary
  let waiting = null; // the arguments of the latest call not yet run
  let armed = false; // a frame boundary is awaited

  function arm() {
    if (armed) return;
    armed = true;
    nextFrame(win, boundary);
  }
  // A frame begins: what ran before it is drawn in it. A call still waiting is the next frame's
  // (run in this one, the frame would draw twice): it runs at the next boundary, unless a newer
  // input comes first and runs in its place.
  function boundary() {
    armed = false;
    if (waiting && ran) {
      ran = false;
      arm();
      return;
    }
    ran = false;
    if (!waiting) return;
    const args = waiting;
    waiting = null;
    run(args);
  }
  function run(args) {
    ran = true;
    arm();
    fn(...args);
  }
  const handler = (...args) => {
    if (ran) waiting = args;
    else {
      waiting = null;
      run(args);
    }
  };
  handler.cancel = () => {
    waiting = null;
  };
  return handler;
}
