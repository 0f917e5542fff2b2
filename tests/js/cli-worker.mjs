// The worker thread behind cli-in-process.mjs: runs the command line's own main() and error report
// (dist/cli/main.mjs, what dist/cli.mjs runs on process.argv) on each message's arguments, with
// this thread's stdout and stderr captured for that run, and answers with what dist/cli.mjs would
// exit with and what the command wrote. A thread of its own, so that the capture never catches the
// test runner's own output.
import { parentPort } from 'node:worker_threads';
import { main, report } from '../../dist/cli/main.mjs';

// A command that reads stdin is run as a process (dist/cli.mjs): here it fails loudly rather than
// read an empty stdin.
Object.defineProperty(process, 'stdin', {
  get() {
    throw new Error('stdin is not available in-process: run dist/cli.mjs as a process');
  },
});

/** Replaces stream.write by one that appends to written[name]; returns the undo. */
function capture(name, written) {
  const stream = process[name];
  const write = stream.write;
  stream.write = (chunk, encoding, callback) => {
    written[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  return () => (stream.write = write);
}

async function runOne(args) {
  const written = { stdout: '', stderr: '' };
  const undo = ['stdout', 'stderr'].map((name) => capture(name, written));
  process.exitCode = undefined;
  let code;
  try {
    await main(args);
    code = process.exitCode ?? 0;
  } catch (error) {
    code = report(error, args[0]);
  } finally {
    for (const restore of undo) restore();
    process.exitCode = undefined;
  }
  return { code, ...written };
}

parentPort.on('message', async ({ id, args }) => {
  parentPort.postMessage({ id, ...(await runOne(args)) });
});
