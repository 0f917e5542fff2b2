// Downloads: a step's tensors as JSON or CSV (lib/csv.mjs) (with their shapes and the settings that produced
// them), and one map as PNG (the canvas as drawn) or SVG (the same drawing, ui/svg.mjs). The
// numbers are the trace's float32 values, each written as the shortest decimal that reads back as
// the same float32, so a file holds exactly what the core computed.
import { float32Text } from './format.mjs';
import { mapEntry, paintWaiting } from './maps.mjs';

// JSON has no −∞; the CLI writes it as this string too.
const valueOf = (v) => (Number.isFinite(v) ? Number(float32Text(v)) : String(v));

/** A setting's short form for a file name. */
export function settingsTag(settings) {
  const parts = [
    settings.module,
    `h${settings.heads}`,
    `din${settings.dIn}`,
    `dout${settings.dOut}`,
  ];
  parts.push(`b${settings.batch}`, `seed${settings.seed}`);
  parts.push(settings.training ? `train-p${settings.dropout}` : 'eval');
  if (!settings.causal) parts.push('noncausal');
  if (settings.masking === 'naive') parts.push('naive');
  if (settings.qkvBias) parts.push('bias');
  return parts.join('_');
}

/** A file name: attention-lab_<what>_<settings>.<ext>, made of safe characters only. */
export function fileName(what, settings, ext) {
  const safe = (s) => String(s).replace(/[^\w.-]+/g, '-');
  return `attention-lab_${safe(what)}_${safe(settingsTag(settings))}.${ext}`;
}

/**
 * The tensors of one pass as { name: { shape, dims, data } }. `shown`: [{ name, pass }] with pass
 * 'settings' (the page's pass) or 'training' (the dropout step's training-mode preview).
 */
function tensorsOf(result, names, dims) {
  return Object.fromEntries(
    names
      .filter((name) => name in result.trace)
      .map((name) => {
        const { shape, data } = result.trace[name];
        return [name, { shape: [...shape], dims: dims(name), data: Array.from(data, valueOf) }];
      }),
  );
}

/**
 * One export: { what, settings, tokens, tensors, preview? }. `shown` lists the stages, each
 * { name, pass }; the preview (in evaluation mode) carries its own settings.
 */
export function exportData({ what, title, result, shown, dims }) {
  const own = shown.filter((s) => s.pass !== 'training').map((s) => s.name);
  const previewNames = shown.filter((s) => s.pass === 'training').map((s) => s.name);
  const data = {
    what,
    title,
    settings: { ...result.settings },
    tokens: result.tokens.map((t) => t.text),
    tensors: tensorsOf(result, own, dims),
  };
  const preview = previewNames.length ? result.trainingPreview : null;
  if (preview)
    data.preview = {
      note: 'evaluation mode skips dropout; the dropout step shows this training-mode pass',
      settings: { ...preview.settings },
      tensors: tensorsOf(preview, previewNames, dims),
    };
  return data;
}

export const toJson = (data) => `${JSON.stringify(data, null, 1)}\n`;

// The CSV writer is a pure module of its own (Node tests it): it quotes and neutralises the
// sentence a shared URL brings.
export { toCsv } from '../../lib/csv.mjs';

/** Hands `blob` to the browser as a download called `name`. */
export function download(blob, name, doc = document) {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  (doc.body ?? doc.documentElement).append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * A map (a `.map` element) as an SVG string, or null when it is not painted. The SVG writer loads
 * when first asked for: the page's first view has no use for it.
 */
export async function mapToSvg(el, title) {
  const entry = mapEntry(el);
  if (!entry?.layout) return null;
  const { mapSvg } = await import('./svg.mjs');
  return mapSvg(entry.spec, entry.layout, title);
}

/** A map as a PNG blob: its canvas as drawn, on the theme's card colour. */
export function mapToPng(el) {
  const entry = mapEntry(el);
  if (!entry?.layout) return Promise.resolve(null);
  paintWaiting(entry.el); // a map far from the screen is painted as it comes near it
  const { canvas, spec } = entry;
  const copy = el.ownerDocument.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const g = copy.getContext('2d');
  g.fillStyle = spec.colours.card;
  g.fillRect(0, 0, copy.width, copy.height);
  g.drawImage(canvas, 0, 0);
  return new Promise((resolve) => copy.toBlob(resolve, 'image/png'));
}
