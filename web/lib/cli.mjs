#!/usr/bin/env node
// attention-lab's command line (the package's bin): `explain` prints every stage of a sentence's
// forward pass, explained (cli/explain.mjs); `forward` runs the API on a JSON file of options and
// prints JSON (cli/json.mjs); `describe` and `dropout` run two of the notebook's experiments
// (cli/lab.mjs); `heads` lists the trained heads' measured roles (cli/trained.mjs, which also
// serves `explain --weights trained`); `train` trains such a model on a text (cli/train.mjs);
// `lesson` writes one self-contained lesson file or SCORM package (cli/lesson.mjs).
// Flags come from the core's option table (cli/commands.mjs), parsed by cli/args.mjs.
// Exit codes: 0 ok, 1 the library or the core refused a value (bad option values, memory), 2 a
// usage error (unknown flag, value that is not a number, unreadable file).
import { readFileSync } from 'node:fs';
import { AttentionLabError } from './index.mjs';
import { printable } from './present.mjs';
import { UsageError } from './cli/args.mjs';
import { didYouMean } from './suggest.mjs';
import { commandFlags } from './cli/commands.mjs';
import { MAIN_HELP } from './cli/help.mjs';
import { explainCommand } from './cli/explain.mjs';
import { forwardCommand } from './cli/json.mjs';
import { describeCommand, dropoutCommand } from './cli/lab.mjs';
import { headsCommand } from './cli/trained.mjs';
import { trainCommand } from './cli/train.mjs';
import { lessonCommand } from './cli/lesson.mjs';

const HANDLERS = {
  explain: explainCommand,
  forward: forwardCommand,
  describe: describeCommand,
  dropout: dropoutCommand,
  heads: headsCommand,
  train: trainCommand,
  lesson: lessonCommand,
};

function version() {
  try {
    const url = new URL('../package.json', import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main([command, ...rest]) {
  if (command === '--help' || command === '-h' || command === 'help') {
    return void process.stdout.write(MAIN_HELP);
  }
  if (command === '--version' || command === '-v') {
    return void process.stdout.write(`${version()}\n`);
  }
  if (command === undefined) throw new UsageError('no command given');
  if (!Object.hasOwn(HANDLERS, command)) {
    const names = Object.keys(HANDLERS).join(', ');
    const guess = didYouMean(command, Object.keys(HANDLERS));
    throw new UsageError(`unknown command '${command}'${guess}; the commands are: ${names}`);
  }
  return HANDLERS[command](rest);
}

// The library says dIn; name the command line's --d-in too, when the command has that flag.
function where(error, command) {
  if (!error.option) return '';
  const spec = Object.hasOwn(HANDLERS, command)
    ? commandFlags(command).find((s) => s.option && s.key === error.option)
    : undefined;
  return ` [option: ${error.option}${spec ? `, ${spec.flag}` : ''}]`;
}

function report(error, command) {
  if (error instanceof UsageError) {
    process.stderr.write(
      `attention-lab: ${printable(error.message)}\nRun "attention-lab --help" for usage.\n`,
    );
    return 2;
  }
  if (error instanceof AttentionLabError) {
    process.stderr.write(`attention-lab: ${printable(error.message + where(error, command))}\n`);
    return 1;
  }
  // No stack trace for users (set ATTENTION_LAB_DEBUG=1 to see it).
  const detail = process.env.ATTENTION_LAB_DEBUG ? error?.stack : (error?.message ?? error);
  process.stderr.write(
    `attention-lab: internal error (please report it): ${printable(String(detail ?? error))}\n`,
  );
  return 1;
}

// `attention-lab explain ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
main(argv).catch((error) => {
  process.exitCode = report(error, argv[0]);
});
