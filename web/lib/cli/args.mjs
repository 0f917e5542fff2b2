// The command line's parsing. Every option of forward() becomes a flag, derived from the core's
// option table (contract.mjs): `dOut` → `--d-out`, booleans as `--x` / `--no-x`, choices and
// numbers read as the table says; the core itself checks ranges and rules. Each command adds its
// own few flags (--stage, --decimals, --config): commands.mjs lists them.
import { parseArgs } from 'node:util';
import { readText } from '../setting-text.mjs';
import { COMMANDS, commandFlags } from './commands.mjs';
import { didYouMean } from '../suggest.mjs';

/** A mistake in the command line itself (exit status 2), as opposed to a value the core refuses. */
export class UsageError extends Error {}

/**
 * Reads a command's arguments: { options, own, positionals, help }, where options holds the
 * table's options given as flags, and own the command's own flags (with their defaults). Later
 * flags win.
 */
export function parseCommand(command, args) {
  const flags = commandFlags(command);
  const byName = flagsByName(flags);
  // Not strict: parseArgs would refuse "--seed -1" as ambiguous; the tokens let the checks below
  // name every problem in the lecture's terms instead.
  const { tokens } = parseArgs({
    args,
    options: parseArgsConfig(byName),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const own = Object.fromEntries(COMMANDS[command].own.map((spec) => [spec.key, spec.default]));
  const parsed = { options: {}, own, positionals: [], help: false };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') {
      parsed.help = true;
      continue;
    }
    const entry = byName.get(token.name);
    if (entry === undefined || !token.rawName.startsWith('--'))
      throw unknownFlag(command, token, flags);
    const value = readValue(entry, token);
    (entry.spec.option ? parsed.options : parsed.own)[entry.spec.key] = value;
  }
  return parsed;
}

// parseArgs's names (no dashes) → { spec, value } where value is set for the boolean flags.
function flagsByName(flags) {
  const byName = new Map();
  for (const spec of flags) {
    const name = spec.flag.slice(2);
    if (spec.type === 'boolean') {
      // Node 20's parseArgs has no allowNegative: --no-x is a flag of its own.
      byName.set(name, { spec, value: true });
      byName.set(`no-${name}`, { spec, value: false });
    } else byName.set(name, { spec });
  }
  return byName;
}

function parseArgsConfig(byName) {
  const config = { help: { type: 'boolean', short: 'h' } };
  for (const [name, { spec }] of byName) {
    config[name] = { type: spec.type === 'boolean' ? 'boolean' : 'string' };
  }
  return config;
}

function unknownFlag(command, token, flags) {
  const list = flags.map((s) => (s.type === 'boolean' ? `--[no-]${s.flag.slice(2)}` : s.flag));
  const dash = token.rawName.startsWith('--') ? '' : ' (a sentence starting with - goes after --)';
  const guess = dash ? '' : didYouMean(token.rawName, [...byNameFlags(flags), '--help']);
  return new UsageError(
    `unknown option '${token.rawName}' for '${command}'${guess}${dash}; the options are: ` +
      `${list.join(', ')}, --help`,
  );
}

// Every spelling a command accepts: --x, and --no-x for booleans.
function byNameFlags(flags) {
  return flags.flatMap((s) =>
    s.type === 'boolean' ? [s.flag, `--no-${s.flag.slice(2)}`] : [s.flag],
  );
}

function readValue({ spec, value }, token) {
  const flag = token.rawName;
  if (value !== undefined) {
    if (token.value !== undefined)
      throw new UsageError(`${flag} takes no value (got '${token.value}')`);
    return value;
  }
  // "--heads --d-out 4": the next flag is not --heads's value.
  if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
    throw new UsageError(`${flag} needs a value`);
  }
  return parseValue(spec, flag, token.value);
}

// Text that is not a number is a usage error; a number out of range is left to the core, whose
// message names the option and what it allows.
function parseValue(spec, flag, text) {
  const read = readText(spec, text);
  if ('value' in read) return read.value;
  if (spec.type === 'text') throw new UsageError(`${flag} ${read.error}`);
  throw new UsageError(`${flag} '${text}': ${read.error}`);
}
