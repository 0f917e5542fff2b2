// Plain-text layout for an 80-column terminal: wrapped paragraphs, and matrices with row and column
// labels that show their first and last rows and columns, with … and ⋮ for what does not fit.

export const WIDTH = 80;
const MAX_ROWS = 12;

/** Lines of at most `width` columns: the first starts with `first`, the others with `rest`. */
export function wrap(text, { first = '', rest = first, width = WIDTH } = {}) {
  const lines = [];
  let line = first;
  let empty = true; // whether `line` holds only its indent
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else line = empty ? line + word : `${line} ${word}`;
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}

/** At most n characters, the last one … when the text was longer. */
export const clip = (s, n) => (s.length <= n ? s : n <= 1 ? '…' : `${s.slice(0, n - 1)}…`);

const maxLength = (strings) => strings.reduce((m, s) => Math.max(m, s.length), 0);
const columnNumbers = (n) => Array.from({ length: n }, (_, i) => String(i));

/** Which indices to show out of n when at most `max` fit: the head, -1 for '…', the tail. */
function pick(n, max) {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const tail = Math.max(1, Math.floor((max - 1) / 4));
  const head = max - 1 - tail;
  return [
    ...Array.from({ length: head }, (_, i) => i),
    -1,
    ...Array.from({ length: tail }, (_, i) => n - tail + i),
  ];
}

/** The widest number among the rows a matrix shows (at least 4). */
function cellWidth(block, rows, cols, format) {
  let width = 4;
  for (const r of pick(rows, MAX_ROWS)) {
    if (r < 0) continue;
    for (let j = 0; j < cols; ++j) width = Math.max(width, format(block[r * cols + j]).length);
  }
  return width;
}

/**
 * One (rows × cols) matrix, row-major in `block`, rows labelled by `rowLabels` and columns by
 * `colLabels` (or their numbers), each number written by `format`. Columns are at least
 * `minWidth` wide, so several matrices can line up.
 */
export function matrix(block, rows, cols, { rowLabels, colLabels, format, minWidth = 0 }) {
  const rowIdx = pick(rows, MAX_ROWS);
  const labelWidth = Math.min(
    10,
    Math.max(1, ...rowIdx.filter((r) => r >= 0).map((r) => rowLabels[r].length)),
  );
  // Column width: the widest number shown, then as many columns as fit in WIDTH.
  const numWidth = Math.max(minWidth, cellWidth(block, rows, cols, format));
  const indent = '  ';
  const fit = Math.max(2, Math.floor((WIDTH - indent.length - labelWidth) / (numWidth + 1)));
  const colIdx = pick(cols, fit);
  const labels = colLabels ?? columnNumbers(cols);
  const cell = (s) => s.padStart(numWidth);
  const headerCells = colIdx.map((j) => cell(j < 0 ? '…' : clip(labels[j], numWidth)));
  const lines = [`${indent}${' '.repeat(labelWidth)} ${headerCells.join(' ')}`];
  for (const r of rowIdx) {
    const label = r < 0 ? '⋮' : clip(rowLabels[r], labelWidth);
    const cells = colIdx.map((j) => cell(r < 0 ? '⋮' : j < 0 ? '…' : format(block[r * cols + j])));
    lines.push(`${indent}${label.padEnd(labelWidth)} ${cells.join(' ')}`);
  }
  return lines;
}

/**
 * One matrix per head (or per token), (heads × rows × cols) in `block`, all with the same column
 * width.
 */
export function headMatrices(data, heads, rows, cols, { rowLabels, colLabels, format, title }) {
  const blocks = Array.from({ length: heads }, (_, h) =>
    data.subarray(h * rows * cols, (h + 1) * rows * cols),
  );
  // One column width for every head, so the heads line up; T × T matrices also fit short labels.
  let minWidth = Math.max(...blocks.map((b) => cellWidth(b, rows, cols, format)));
  if (colLabels) minWidth = Math.max(minWidth, Math.min(7, maxLength(colLabels)));
  return blocks.flatMap((block, h) => [
    title(h),
    ...matrix(block, rows, cols, { rowLabels, colLabels, format, minWidth }),
  ]);
}
