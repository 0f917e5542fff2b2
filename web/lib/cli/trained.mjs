// The trained weights on the command line: `attention-lab explain "…" --weights trained` (the
// trained block's stages for the sentence, each head's measured role, the top-5 next tokens per
// position) and `attention-lab heads` (every head's role shares, trained and random; --json).
import { readFile } from 'node:fs/promises';
import { createAttentionLab } from '../index.mjs';
import { STAGES } from '../contract.mjs';
import {
  PLAIN,
  formatNumber,
  percent,
  printable,
  sizesOf,
  tokenLabel,
  trainedTokenLabel,
} from '../present.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { flagOf } from './flags.mjs';
import { commandHelp } from './help.mjs';
import { clip, wrap } from './text.mjs';

// --weights trained (the shipped file) or FILE (one that `attention-lab train` wrote).
async function loadTrained(weights = 'trained') {
  let source = weights;
  if (weights !== 'trained') {
    try {
      source = new Uint8Array(await readFile(weights));
    } catch (error) {
      throw new UsageError(
        `--weights '${weights}': allowed are random, trained or the path of a weights file ` +
          `(reading '${weights}': ${error.code ?? error.message})`,
      );
    }
  }
  const lab = await createAttentionLab();
  return { lab, model: await lab.loadWeights(source) };
}

/**
 * explain with --weights trained: `given` holds the option-table flags (refused: they shape the
 * random weights' module), `own` explain's own flags; `stageBlock(index, name, dims, tensor, run)`
 * prints one stage as explain does for the random weights.
 */
export async function explainTrained(sentence, given, own, stageBlock) {
  const shaping = Object.keys(given);
  if (shaping.length > 0) {
    throw new UsageError(
      `${shaping.map(flagOf).join(', ')}: the architecture and weight options apply to the random ` +
        'weights only; with --weights trained the weights file fixes the block',
    );
  }
  const { model } = await loadTrained(own.weights);
  const run = model.explain(sentence);
  const { trace } = run.forward;
  if (own.stage !== undefined && !trace[own.stage]) {
    throw new UsageError(`--stage '${own.stage}' is not part of the trained block's run`);
  }
  const labels = run.tokens.map((t) => tokenLabel(t.text));
  const shown = {
    config: { ...model.options, tokens: labels.length, batch: 1, masking: 'neg-inf' },
    sizes: sizesOf(trace),
    labels,
    format: (v) => formatNumber(v, own.decimals, PLAIN),
  };
  const out = own.stage === undefined ? [...header(run, model), ''] : [];
  let index = 0;
  for (const { name, dims } of STAGES) {
    if (!trace[name]) continue;
    ++index;
    if (own.stage === undefined || name === own.stage)
      out.push(...stageBlock(index, name, dims, trace[name], shown), '');
  }
  if (own.stage === undefined) out.push(...nextTokens(run, labels));
  process.stdout.write(out.join('\n').trimEnd() + '\n');
}

// The sentence, its tokens, where the weights come from, and each head's measured role.
function header(run, model) {
  const hanging = { rest: '          ' };
  const { width, heads, vocabulary, context, facts } = model.info;
  const tokens = run.tokens.map((t) => `${tokenLabel(t.text)}${t.shared ? '*' : ''}`);
  const lines = [
    ...wrap(`sentence  ${printable(JSON.stringify(clip(run.sentence, 140)))}`, hanging),
    ...wrap(`tokens    ${tokens.length} (GPT-2): ${tokens.join(' | ')}`, hanging),
  ];
  if (run.tokens.some((t) => t.shared)) {
    lines.push(
      ...wrap(
        `          * not among the model's ${vocabulary - 1} most frequent tokens: it shares one ` +
          'id (and one embedding) with every other rare token',
        hanging,
      ),
    );
  }
  // A file written elsewhere may lack a fact: it is reported as missing, never as NaN.
  const number = (key) => (/^\s*[-+]?\d/.test(facts[key] ?? '') ? Number(facts[key]) : NaN);
  const loss = number('loss.heldout');
  const bigram = number('loss.bigram');
  const measured = Number.isFinite(loss)
    ? `held-out loss ${loss.toFixed(3)} nats/token (perplexity ${Math.exp(loss).toFixed(1)})`
    : 'held-out loss not recorded in the file';
  const baseline = Number.isFinite(bigram)
    ? `bigram baseline ${bigram.toFixed(3)}`
    : 'bigram baseline not recorded';
  lines.push(
    ...wrap(
      `weights   trained on ${model.info.facts.corpus?.startsWith('Brown Corpus') ? 'the Brown Corpus (docs/TRAINING.md)' : printable(model.info.facts.corpus ?? 'unknown text')}: ${measured}; ${baseline}`,
      hanging,
    ),
    ...wrap(
      `vectors   the trained token embedding + learned position embedding (d = ${width}): ` +
        'the block reads these',
      hanging,
    ),
    `module    mha (MultiHeadAttention), h = ${heads}, d_h = ${width / heads}, context ${context}`,
    `mode      eval: no dropout (p=${model.info.dropout} acted in training only)`,
    'heads     measured on held-out text when the weights file was written:',
  );
  const { trained } = model.roles();
  for (const head of trained) {
    lines.push(`  ${head.label}; ${head.lift.toFixed(1)}× the random model`);
  }
  return lines;
}

// Per position: what the model expects next, having seen the tokens up to it (the causal mask).
function nextTokens(run, labels) {
  const title = 'next tokens (top 5 after each position; it sees only the tokens up to it)';
  const lines = [`── ${title} ${'─'.repeat(Math.max(3, 76 - title.length))}`];
  const width = Math.min(12, Math.max(...labels.map((l) => l.length)));
  run.next.forEach((row, t) => {
    const guesses = row.map((n) => `${trainedTokenLabel(n)} ${percent(n.probability)}`);
    lines.push(
      ...wrap(`${clip(labels[t], width).padEnd(width)} → ${guesses.join(' | ')}`, {
        first: '  ',
        rest: ' '.repeat(width + 5),
      }),
    );
  });
  return lines;
}

/** `attention-lab heads [--weights trained] [--json]`. */
export async function headsCommand(args) {
  const { own, positionals, help } = parseCommand('heads', args);
  if (help) return void process.stdout.write(commandHelp('heads'));
  if (positionals.length > 0)
    throw new UsageError(`heads takes no arguments ('${positionals[0]}')`);
  if (own.weights === 'random') {
    throw new UsageError(
      "heads lists a trained model's heads beside the random weights it started from: --weights trained or FILE",
    );
  }
  const { model } = await loadTrained(own.weights);
  const roles = model.roles();
  if (own.json)
    return void process.stdout.write(`${JSON.stringify(headsJson(roles, own.weights), null, 2)}\n`);
  const names = roles.roles.map((r) => r.name);
  const width = Math.max(...names.map((n) => n.length), 10);
  const lines = [
    "Each head's share of its attention weight on each kind of key, measured on held-out text;",
    'the random-weight model the training started from in brackets.',
    '',
    `${'head'.padEnd(6)}${names.map((n) => n.padStart(width + 1)).join('')}`,
  ];
  roles.trained.forEach((head, h) => {
    const random = roles.random[h].shares;
    const cells = names.map((n) => `${percent(head.shares[n])} (${percent(random[n])})`);
    lines.push(`${String(head.head).padEnd(6)}${cells.map((c) => c.padStart(width + 1)).join('')}`);
  });
  lines.push('', "Labels (the role with the largest multiple of the random model's share):");
  for (const head of roles.trained)
    lines.push(`  ${head.label}; ${head.lift.toFixed(1)}× the random model`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

// { weights, roles, trained: [{ head, role, share }], random: [...], labels: [...] }: one row per
// head and role, so that the two models compare row by row.
function headsJson(roles, weights) {
  const rows = (heads) =>
    heads.flatMap(({ head, shares }) =>
      Object.entries(shares).map(([role, share]) => ({ head, role, share })),
    );
  return {
    weights,
    roles: roles.roles,
    trained: rows(roles.trained),
    random: rows(roles.random),
    labels: roles.trained.map(({ head, role, share, lift, label }) => ({
      head,
      role,
      share,
      lift,
      label,
    })),
  };
}
