// What a lab's compute builds from inputs that a change of its own params does not touch (the
// page's pass through another route, a plot's fixed sweep), kept in the harness's `keep` while the
// lab is open and built again only when one of its inputs changed. A slider dragged across a lab
// then recomputes only the part it moves. Inputs are compared with Object.is: the page's result
// is a new object whenever its pass changed, and the same one otherwise.

const same = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * `build()`, or what it returned last time under `name` in `keep` for the same `inputs` (an
 * array). Without `keep` (a compute called on its own, as the tests do), built every time.
 */
export function remember(keep, name, inputs, build) {
  const known = keep?.get(name);
  if (known && same(known.inputs, inputs)) return known.value;
  const value = build();
  keep?.set(name, { inputs, value });
  return value;
}

/**
 * `draw` (a view's part: (data, ...rest) → plain nodes) drawn once per data object and rest: the
 * same nodes again while they are the same, which the lab's painter (kit/paint.mjs) recognises and
 * leaves alone. For parts of a view whose data the compute kept (remember()).
 */
export function drawn(draw) {
  const known = new WeakMap(); // data → { rest, nodes }
  return (data, ...rest) => {
    const last = known.get(data);
    if (last && same(last.rest, rest)) return last.nodes;
    const nodes = draw(data, ...rest);
    known.set(data, { rest, nodes });
    return nodes;
  };
}
