// CSV records for the page's "Numbers as CSV" downloads (RFC 4180). A sentence from a shared URL
// reaches these files, and spreadsheets run a cell that starts with = + - @ (or a tab or carriage
// return before one) as a formula: such a text cell is written with a leading ' (OWASP's advice),
// which spreadsheets show as text. Numbers stay numbers, −0.25 included. No DOM: Node tests it.

// What makes a spreadsheet read a text cell as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
// What RFC 4180 allows in a field only when the field is quoted.
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: a number as JS writes it (−Infinity and NaN included: the core's values, never text
 * from a user); any other value as text, neutralised when a spreadsheet would run it as a formula
 * and quoted, with its double quotes doubled, when it holds a comma, a quote or a line break.
 */
export function csvField(value) {
  if (typeof value === 'number') return String(value);
  let text = String(value ?? '');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== String(value ?? '')
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

/** One record: the fields written by csvField, separated by commas. */
export const csvRecord = (fields) => fields.map(csvField).join(',');

/**
 * An export of the page (web/app/ui/export.mjs's exportData) as CSV: `#` lines with the settings
 * and each tensor's shape, then one row per number: pass, tensor, its index along each axis
 * (batch, head, row, column; head empty for (B,T,·) tensors), value. The `#` lines are records
 * too, their first field unquoted, so that readers that skip comment lines skip them.
 */
export function toCsv(data) {
  const settingsFields = (settings) =>
    Object.entries(settings).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  const lines = [csvRecord([`# attention-lab ${data.what}`, ...settingsFields(data.settings)])];
  const passes = [['settings', data.tensors]];
  if (data.preview) {
    lines.push(
      csvRecord([`# preview: ${data.preview.note}`, ...settingsFields(data.preview.settings)]),
    );
    passes.push(['training', data.preview.tensors]);
  }
  for (const [pass, tensors] of passes)
    for (const [name, t] of Object.entries(tensors))
      lines.push(csvRecord([`# ${pass} ${name}`, `(${t.dims}) = (${t.shape.join(', ')})`]));
  lines.push('pass,tensor,batch,head,row,column,value');
  for (const [pass, tensors] of passes)
    for (const [name, t] of Object.entries(tensors)) {
      const [B, ...rest] = t.shape;
      const H = rest.length === 3 ? rest[0] : 1;
      const [R, C] = rest.slice(-2);
      t.data.forEach((v, i) => {
        const c = i % C;
        const r = Math.floor(i / C) % R;
        const hIndex = Math.floor(i / (C * R)) % H;
        const b = Math.floor(i / (C * R * H)) % B;
        // JSON spells ±∞ as text; here they are numbers again, written as numbers.
        const value = typeof v === 'string' ? Number(v) : v;
        lines.push(csvRecord([pass, name, b, rest.length === 3 ? hIndex : '', r, c, value]));
      });
    }
  return `${lines.join('\n')}\n`;
}
