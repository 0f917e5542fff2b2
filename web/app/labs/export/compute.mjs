// The export lab's data: every stage of the page's pass (and of the dropout step's training
// preview) copied out with its shape and named dimensions, ready to be written as JSON or CSV.
import { pageExport, pageStages } from '../kit/page.mjs';

/** { trained, settings, file (the settings its name tells), stages: [{ name, pass, shape, dims }], data (the export) }. */
export function compute(core, page) {
  const dims = new Map(core.stages.map((s) => [s.name, s.dims]));
  return {
    trained: page.trained,
    settings: { ...page.settings },
    file: page.controls,
    stages: pageStages(page).map((s) => ({ ...s, dims: dims.get(s.name) })),
    data: pageExport(page, (name) => dims.get(name)),
  };
}
