#!/usr/bin/env node
// attention-lab's command line (the package's bin): `explain` prints every stage of a sentence's
// forward pass, explained (cli/explain.mjs); `forward` runs the API on a JSON file of options and
// prints JSON (cli/json.mjs); `describe` and `dropout` run two of the notebook's experiments
// (cli/lab.mjs); `heads` lists the trained heads' measured roles (cli/trained.mjs, which also
// serves `explain --weights trained`); `train` trains such a model on a text (cli/train.mjs);
// `lesson` writes one self-contained lesson file or SCORM package (cli/lesson.mjs).
// Flags come from the core's option table (cli/commands.mjs), parsed by cli/args.mjs; cli/main.mjs
// picks the command and reports its errors.
// Exit codes: 0 ok, 1 the library or the core refused a value (bad option values, memory), 2 a
// usage error (unknown flag, value that is not a number, unreadable file).
import { main, report } from './cli/main.mjs';

// `attention-lab explain ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
main(argv).catch((error) => {
  process.exitCode = report(error, argv[0]);
});
