// What the step's code and downloads do when clicked (ui/code.mjs loads this on a reader's first
// approach): the runnable snippet that prints what the step shows (web/lib/pytorch.mjs), the
// clipboard, and the files. The labs that copy or export every stage use it too.
import { pytorchSnippet, SNIPPET_STAGES } from '../../lib/pytorch.mjs';
import { PREVIEW_STAGES } from '../state/needs.mjs';

export { copySnippet } from './clipboard.mjs';
export { exportData, toJson, toCsv, fileName, download, mapToPng, mapToSvg } from './export.mjs';

/** Every stage of the pass (and, in evaluation mode, the dropout step's training preview). */
export function allStages(result) {
  const shown = SNIPPET_STAGES.filter((name) => name in result.trace).map((name) => ({
    name,
    pass: 'settings',
  }));
  if (!result.settings.training)
    shown.push(...PREVIEW_STAGES.map((name) => ({ name, pass: 'training' })));
  return shown;
}

/** The runnable snippet that prints `shown` for this result. */
export function snippetFor(result, shown, title) {
  const { trace, tokens, settings } = result;
  const names = (pass) => shown.filter((s) => s.pass === pass).map((s) => s.name);
  const preview = names('training').length
    ? { dropout: result.trainingPreview.settings.dropout, stages: names('training') }
    : null;
  return pytorchSnippet({
    settings,
    tokens,
    inputs: trace.inputs.data,
    shape: trace.inputs.shape,
    stages: names('settings'),
    preview,
    title,
  });
}
