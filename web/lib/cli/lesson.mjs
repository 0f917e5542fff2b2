// `attention-lab lesson`: writes one self-contained HTML file showing one step, one lab or one
// exercise of a sentence (cli/lesson-html.mjs), or with --scorm a SCORM 1.2 package of it
// (cli/scorm.mjs). Where the file is to go is checked first, then what it is to show; the file is
// written only when both are right.
import fs from 'node:fs';
import path from 'node:path';
import { AttentionLabError, MAX_SENTENCE_CHARS } from '../index.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { LESSON_FLAGS } from './lesson-flags.mjs';
import { lessonHtml, readCatalogue } from './lesson-html.mjs';
import { scormPackage } from './scorm.mjs';
import { wrap } from './text.mjs';

const INTRO = `Usage: attention-lab lesson [--step S | --lab L | --exercise E]
                            [--sentence "..."] [--out FILE] [--scorm]

Writes one HTML file that holds everything it needs (styles, script, the
WebAssembly core, the trained weights when they are used): it works opened from
disk, from an LMS's file area and inside <iframe sandbox="allow-scripts">. It
shows one step (default: the first), one lab or one exercise, for the sentence.
With --scorm it writes a SCORM 1.2 package (.zip) of that file instead.
`;

function helpText(catalogue) {
  const entries = LESSON_FLAGS.flatMap((spec) => {
    const syntax =
      spec.type === 'boolean'
        ? spec.flag
        : `${spec.flag} ${spec.type === 'choice' ? spec.choices.join('|') : spec.placeholder}`;
    return [`  ${syntax}`, ...wrap(spec.help, { first: '      ', rest: '      ' })];
  });
  const list = (label, items) => wrap(`${label}: ${items.map((i) => i.slug).join(', ')}.`);
  return [
    INTRO,
    ...entries,
    '  -h, --help    this help',
    '',
    ...list('Steps', catalogue.steps),
    ...list('Labs', catalogue.labs),
    ...list('Exercises', catalogue.exercises),
    '',
  ].join('\n');
}

// The output's folder must exist and be a folder: said before anything else is looked at.
function checkOut(out) {
  if (out === '' || out.endsWith('/') || out.endsWith(path.sep))
    throw new AttentionLabError(`--out '${out}': give a file name, e.g. lesson.html`, {
      option: 'out',
    });
  const dir = path.dirname(path.resolve(out));
  let stat;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new AttentionLabError(`--out '${out}': the folder ${dir} does not exist`, {
      option: 'out',
    });
  }
  if (!stat.isDirectory())
    throw new AttentionLabError(`--out '${out}': ${dir} is not a folder`, { option: 'out' });
  if (fs.existsSync(out) && fs.statSync(out).isDirectory())
    throw new AttentionLabError(`--out '${out}' is a folder; give a file name inside it`, {
      option: 'out',
    });
}

const slugs = (items) => items.map((i) => i.slug).join(', ');

function find(kind, items, value) {
  const found = items.find((i) => i.slug === value.trim());
  if (!found)
    throw new AttentionLabError(`unknown ${kind} '${value}': the ${kind}s are ${slugs(items)}`, {
      option: kind,
    });
  return found;
}

// A step by its name, or by a stage: the one a step is about first, then one it also shows (as
// the page reads ?step=).
function findStep(steps, value) {
  const name = value.trim();
  const found =
    steps.find((s) => s.slug === name) ??
    steps.find((s) => s.main.includes(name)) ??
    steps.find((s) => s.stages.includes(name));
  if (!found) {
    const stages = [...new Set(steps.flatMap((s) => [...s.main, ...s.stages]))].join(', ');
    throw new AttentionLabError(
      `unknown step '${value}': the steps are ${slugs(steps)} (or a stage they show: ${stages})`,
      { option: 'step' },
    );
  }
  return found;
}

function checkSentence(sentence) {
  if (sentence === undefined) return;
  if (sentence.trim() === '')
    throw new AttentionLabError('--sentence is empty: give a sentence to tokenize', {
      option: 'sentence',
    });
  if (sentence.length > MAX_SENTENCE_CHARS)
    throw new AttentionLabError(
      `--sentence has ${sentence.length} characters: at most ${MAX_SENTENCE_CHARS} are allowed`,
      { option: 'sentence' },
    );
}

/** What the lesson shows: { query, title, trained, scored }, or an AttentionLabError. */
export function chooseLesson(own, catalogue = readCatalogue()) {
  const chosen = ['step', 'lab', 'exercise'].filter((k) => own[k] !== undefined);
  if (chosen.length > 1)
    throw new AttentionLabError(
      `--${chosen[0]} and --${chosen[1]}: a lesson shows one step, one lab or one exercise`,
      { option: chosen[1] },
    );
  checkSentence(own.sentence);
  const params = new URLSearchParams();
  if (own.sentence !== undefined) params.set('sentence', own.sentence);
  params.set('weights', own.weights);
  let title;
  let trained = own.weights === 'trained';
  if (own.lab !== undefined) {
    const lab = find('lab', catalogue.labs, own.lab);
    params.set('lab', lab.slug);
    ({ title } = lab);
    trained ||= lab.trainedWeights;
  } else if (own.exercise !== undefined) {
    const exercise = find('exercise', catalogue.exercises, own.exercise);
    params.set('exercise', exercise.slug);
    ({ title } = exercise);
  } else {
    const step = own.step === undefined ? catalogue.steps[0] : findStep(catalogue.steps, own.step);
    params.set('step', step.slug);
    ({ title } = step);
  }
  return { query: `?${params}`, title, trained, scored: own.exercise !== undefined };
}

export async function lessonCommand(args) {
  const { own, positionals, help } = parseCommand('lesson', args);
  if (help) return void process.stdout.write(helpText(readCatalogue()));
  if (positionals.length > 0)
    throw new UsageError(
      `lesson takes no arguments (got '${positionals[0]}'); the sentence goes after --sentence`,
    );
  const out = own.out ?? (own.scorm ? 'lesson.zip' : 'lesson.html');
  checkOut(out);
  const lesson = chooseLesson(own);
  const html = lessonHtml({ ...lesson, scorm: own.scorm });
  const bytes = own.scorm ? scormPackage({ html, ...lesson }) : Buffer.from(html, 'utf8');
  fs.writeFileSync(out, bytes);
  const size = `${(bytes.length / 1e6).toFixed(1)} MB`;
  const what = own.scorm ? 'SCORM 1.2 package' : 'lesson file';
  process.stdout.write(`wrote ${out} (${what}, ${size}): ${lesson.title}\n`);
}
