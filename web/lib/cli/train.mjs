// `attention-lab train`: the API's train() on a text file (or the Brown Corpus files of
// scripts/prepare_corpus.mjs), with a progress bar on stderr, a report of the held-out loss
// against the unigram and bigram baselines and each head's measured role, and the weights file
// that explain/heads --weights FILE and lab.loadWeights(bytes) read.
import { constants } from 'node:fs';
import { access, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAttentionLab, readCorpus, train } from '../index.mjs';
import { printable } from '../present.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { commandHelp } from './help.mjs';

async function readInput(file, flag, asText) {
  try {
    return asText ? await readFile(file, 'utf8') : new Uint8Array(await readFile(file));
  } catch (error) {
    throw new UsageError(`${flag} '${file}': cannot read it (${error.code ?? error.message})`);
  }
}

// What train() learns from: { text, heldout? } or { corpus: { train, heldout } }.
async function source(own) {
  if (own.corpus !== undefined) {
    if (own.text !== undefined || own.heldout !== undefined)
      throw new UsageError(
        '--corpus reads its own held-out file: give --corpus or --text, not both',
      );
    const [trainBytes, heldoutBytes] = await Promise.all([
      readInput(path.join(own.corpus, 'train.bin'), '--corpus', false),
      readInput(path.join(own.corpus, 'heldout.bin'), '--corpus', false),
    ]);
    return {
      corpus: { train: await readCorpus(trainBytes), heldout: await readCorpus(heldoutBytes) },
    };
  }
  if (own.text === undefined) throw new UsageError('train needs --text FILE or --corpus DIR');
  const text = await readInput(own.text, '--text', true);
  if (own.heldout === undefined) return { text };
  return { text, heldout: await readInput(own.heldout, '--heldout', true) };
}

// The weights file's path, checked before training starts (a run takes minutes): not a folder, and
// a file that can be written or a folder that can take one. The file itself is written only once
// training has made it, so a refused or failed run leaves a file already there as it was.
async function checkOut(out) {
  const cannot = (why) => new UsageError(`--out '${printable(out)}': cannot write it (${why})`);
  let stats;
  try {
    stats = await stat(out);
  } catch (error) {
    if (error.code !== 'ENOENT') throw cannot(error.code ?? error.message);
  }
  if (stats?.isDirectory()) throw cannot('EISDIR: it is a folder; give a file name');
  try {
    await access(stats ? out : path.dirname(path.resolve(out)), constants.W_OK);
  } catch (error) {
    throw cannot(
      error.code === 'ENOENT' ? 'ENOENT: its folder does not exist' : (error.code ?? error.message),
    );
  }
}

const clock = (seconds) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

// "[██████░░░░] 1200/3000  loss 4.321  23,456 tok/s  1:23 left": in place on a terminal, a line
// every 5 % otherwise (as the native trainer draws it).
function progressBar(quiet) {
  const tty = process.stderr.isTTY === true;
  let smoothed;
  return (p) => {
    smoothed = smoothed === undefined ? p.loss : 0.95 * smoothed + 0.05 * p.loss;
    if (quiet) return;
    const last = p.step === p.steps;
    if (!tty && !last && p.step % Math.max(1, Math.floor(p.steps / 20)) !== 0) return;
    const filled = Math.floor((24 * p.step) / p.steps);
    const bar = '█'.repeat(filled) + '░'.repeat(24 - filled);
    const time = last ? `${clock(p.seconds)} total` : `${clock(p.secondsLeft)} left`;
    process.stderr.write(
      `${tty ? '\r' : ''}[${bar}] ${p.step}/${p.steps}  loss ${smoothed.toFixed(3)}  ` +
        `${Math.round(p.tokensPerSecond).toLocaleString('en-US')} tok/s  ${time}${tty && !last ? '  ' : '\n'}`,
    );
  };
}

/** `attention-lab train (--text FILE [--heldout FILE] | --corpus DIR) [options]`. */
export async function trainCommand(args) {
  const { own, positionals, help } = parseCommand('train', args);
  if (help) return void process.stdout.write(commandHelp('train'));
  if (positionals.length > 0)
    throw new UsageError(`train takes no arguments ('${positionals[0]}'); the text is --text FILE`);
  const { out, json, quiet, text: _t, heldout: _h, corpus: _c, ...settings } = own;
  await checkOut(out);
  const given = await source(own);
  const onMeasuring = (info) => {
    if (quiet || json) return;
    process.stderr.write(
      `measuring on ${info.heldoutTokens.toLocaleString('en-US')} held-out tokens: the model, ` +
        'the untrained model, the baselines and the heads…\n',
    );
  };
  const result = await train({
    ...given,
    ...settings,
    onProgress: progressBar(quiet || json),
    onMeasuring,
  });
  await writeFile(out, result.file).catch((error) => {
    throw new UsageError(
      `--out '${printable(out)}': cannot write it (${error.code ?? error.message})`,
    );
  });
  // The file's heads, read back as every other command reads a weights file.
  const lab = await createAttentionLab();
  const model = await lab.loadWeights(result.file);
  const roles = model.roles();
  const { info, report } = result;
  if (json) {
    const heads = roles.trained.map(({ head, role, share, lift }) => ({ head, role, share, lift }));
    const summary = {
      out,
      bytes: result.file.length,
      seconds: result.seconds,
      measuringSeconds: result.measuringSeconds,
      info,
      report,
      heads,
    };
    return void process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  }
  const nats = (x) => x.toFixed(4);
  const lines = [
    `trained ${info.steps} steps in ${clock(result.seconds)} (measured in ${clock(result.measuringSeconds)}): ` +
      `V = ${info.vocabulary} ` +
      `(${(100 * info.coverage).toFixed(1)} % of the training tokens keep their own id), d = ${info.width}, ` +
      `h = ${info.heads}, context ${info.context}, ${info.parameters.toLocaleString('en-US')} parameters; ` +
      `${info.trainingTokens.toLocaleString('en-US')} training tokens, ${info.heldoutTokens.toLocaleString('en-US')} held out`,
    `held-out loss ${nats(report.heldout)} nats/token (perplexity ${report.perplexity.toFixed(1)}); ` +
      `float32 ${nats(report.heldoutFloat32)}; untrained ${nats(report.heldoutUntrained)}`,
    `baselines:    unigram ${nats(report.unigram)} (perplexity ${Math.exp(report.unigram).toFixed(1)}), ` +
      `bigram ${nats(report.bigram)} (perplexity ${Math.exp(report.bigram).toFixed(1)})`,
    "heads (each one's strongest role against the random weights it started from):",
    ...roles.trained.map((h) => `  ${h.label}; ${h.lift.toFixed(1)}× the random model`),
    `wrote ${printable(out)}: ${result.file.length.toLocaleString('en-US')} bytes ` +
      `(attention-lab explain "..." --weights ${printable(out)})`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
