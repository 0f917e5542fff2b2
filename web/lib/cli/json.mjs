// `attention-lab forward`: JSON in, JSON out. Reads forward()'s options from a file (or stdin),
// lets flags override them, runs lab.forward and prints the output and the trace as JSON.
import { readFileSync } from 'node:fs';
import { createAttentionLab } from '../index.mjs';
import { printable } from '../present.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { commandHelp } from './help.mjs';

export async function forwardCommand(args) {
  const { options: flags, own, positionals, help } = parseCommand('forward', args);
  if (help) return void process.stdout.write(commandHelp('forward'));
  if (positionals.length > 0) {
    throw new UsageError(
      `forward takes no arguments besides its options (got '${positionals[0]}')`,
    );
  }
  if (own.config === undefined) {
    throw new UsageError('forward needs --config FILE.json (or --config - for stdin)');
  }
  const options = { ...(await readConfig(own.config)), ...flags };
  const lab = await createAttentionLab();
  process.stdout.write(resultToJson(lab.forward(options)));
}

/** The config file's object of forward() options; a usage error names the file, never its text. */
async function readConfig(path) {
  const source = path === '-' ? 'the config on stdin' : `the config file '${printable(path)}'`;
  let text;
  try {
    text = path === '-' ? await readStdin() : readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${source}: ${error.code ?? 'unreadable'}`);
  }
  let options;
  try {
    options = JSON.parse(text);
  } catch {
    // Not JSON.parse's own message: it quotes the file's first bytes, whatever the file holds.
    throw new UsageError(
      `${source} is not valid JSON (it must hold one JSON object of forward() options)`,
    );
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new UsageError(
      `${source} must hold a JSON object of forward() options, e.g. {"inputs": [...], "dIn": 3}`,
    );
  }
  return options;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

// The fewest digits that read back as the same float32 (0.43, not 0.4300000071525574). JSON cannot
// hold ±∞ or NaN: those become the strings "-Infinity", "Infinity", "NaN".
export function jsonNumber(v) {
  if (!Number.isFinite(v)) return `"${v}"`;
  for (let digits = 1; digits < 9; ++digits) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(v);
}

const tensorJson = ({ shape, data }) =>
  `{"shape":${JSON.stringify(shape)},"data":[${Array.from(data, jsonNumber).join(',')}]}`;

/** { output, trace } as JSON, one line per tensor, so it stays readable and diff-able. */
export function resultToJson({ output, trace }) {
  const stages = Object.entries(trace).map(
    ([name, t]) => `    ${JSON.stringify(name)}: ${tensorJson(t)}`,
  );
  const traceText = stages.length ? `{\n${stages.join(',\n')}\n  }` : '{}';
  return `{\n  "output": ${tensorJson(output)},\n  "trace": ${traceText}\n}\n`;
}
