// The command line's dispatch and its error report, apart from the bin (cli.mjs) that runs them
// on process.argv, so that the tests can run many commands in one process.
// Exit codes: 0 ok, 1 the library or the core refused a value (bad option values, memory), 2 a
// usage error (unknown flag, value that is not a number, unreadable file).
import { readFileSync } from 'node:fs';
import { AttentionLabError } from '../index.mjs';
import { printable } from '../present.mjs';
import { UsageError } from './args.mjs';
import { didYouMean } from '../suggest.mjs';
import { commandFlags } from './commands.mjs';
import { MAIN_HELP } from './help.mjs';
import { explainCommand } from './explain.mjs';
import { forwardCommand } from './json.mjs';
import { describeCommand, dropoutCommand } from './lab.mjs';
import { headsCommand } from './trained.mjs';
import { trainCommand } from './train.mjs';
import { lessonCommand } from './lesson.mjs';

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
    const url = new URL('../../package.json', import.meta.url);
    return JSON.parse(readFileSync(url, 'utf8')).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function main([command, ...rest]) {
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

export function report(error, command) {
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
