// The seeded models of the last evaluation-mode passes, kept for the next pass of the same options
// and length. A model's weights depend on its options (the seed, the sizes) alone, and typing
// mostly changes the tokens, not their count: at GPT-2's sizes building them (2.4 M numbers drawn
// as torch.manual_seed(seed) draws them) is about a quarter of a keystroke's work. Two are kept,
// so that a key that adds a token and the Backspace after it both find theirs. Training mode draws
// its dropout masks from the model's random stream, so its passes build their model anew, as a
// fresh torch.manual_seed(seed) would.

const KEPT = 2;
const kept = new WeakMap(); // lab → [{ key, model }], the last used first

const keyOf = (options, tokens) => JSON.stringify([options, tokens]);

/**
 * Runs `run(model)` with the model of `options` (coreOptions, with trace) for `inputs` of `tokens`
 * tokens: a kept one in evaluation mode, else one built for this pass and disposed after it.
 */
export function withModel(lab, options, inputs, tokens, run) {
  if (options.training) {
    const model = lab.createModel({ ...options, inputs });
    try {
      return run(model);
    } finally {
      model.dispose();
    }
  }
  const key = keyOf(options, tokens);
  const list = kept.get(lab) ?? [];
  let entry = list.find((e) => e.key === key);
  if (!entry) entry = { key, model: lab.createModel({ ...options, inputs }) };
  const rest = list.filter((e) => e !== entry);
  for (const old of rest.slice(KEPT - 1)) old.model.dispose();
  kept.set(lab, [entry, ...rest.slice(0, KEPT - 1)]);
  try {
    return run(entry.model);
  } catch (err) {
    // A model that failed is not trusted again (a terminated lab, a core error).
    forget(lab, entry);
    throw err;
  }
}

function forget(lab, entry) {
  entry.model.dispose();
  kept.set(
    lab,
    (kept.get(lab) ?? []).filter((e) => e !== entry),
  );
}
