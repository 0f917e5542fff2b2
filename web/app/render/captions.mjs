// The captions over the heads of a tensor, fitted to their maps' width: "head 3", or its number
// (data-narrow) on a narrow map; a trained head's caption takes the fullest of its forms (data-shorter) in which every
// caption of the tensor fits (the heads of one tensor then read alike).

let measurer = null;

/** Fits every caption of `caps` (one tensor's) to maps `width` px wide, in the captions' `font`. */
export function fitCaptions(caps, width, font) {
  for (const cap of caps) cap.dataset.full ??= cap.textContent;
  const level = captionLevel(caps, width, font);
  for (const cap of caps) {
    const text = captionText(cap, width, level);
    if (cap.textContent !== text) cap.textContent = text; // the same text: no new layout
  }
}

const formsOf = (cap) => [cap.dataset.full, ...JSON.parse(cap.dataset.shorter)];

// The caption a map `width` px wide has room for: "head 3", or its number under 70 px. A trained head's
// caption (data-shorter) takes its form number `level` (0: the full caption).
function captionText(cap, width, level) {
  const full = cap.dataset.full;
  if (!cap.dataset.shorter) return width < 70 ? (cap.dataset.narrow ?? full) : full;
  const forms = formsOf(cap);
  return forms[Math.min(level, forms.length - 1)];
}

// The fullest form of the trained heads' captions in which every caption fits its map.
function captionLevel(caps, width, font) {
  const trained = caps.filter((cap) => cap.dataset.shorter);
  if (!trained.length || !font) return 0;
  measurer ??= document.createElement('canvas').getContext('2d');
  measurer.font = font;
  const room = width - 10; // the caption's border and padding
  const levels = Math.max(...trained.map((cap) => formsOf(cap).length));
  for (let level = 0; level < levels - 1; ++level)
    if (trained.every((cap) => measurer.measureText(formsOf(cap)[level] ?? '').width <= room))
      return level;
  return levels - 1;
}
