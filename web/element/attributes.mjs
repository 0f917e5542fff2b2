// The <attention-lab> element's attributes and the page's state: which attribute holds which
// setting or view key, how an attribute's text is read (as the page reads its URL), and what a
// change made in the element's own UI writes back. element.mjs runs the element's life on these.
import { LAYOUTS } from '../app/layout.mjs';
import {
  SETTINGS,
  VIEW,
  DEFAULT_SETTINGS,
  DEFAULT_VIEW,
  choicesOf,
} from '../app/state/settings.mjs';
import { readLenient, kebabCase } from '../lib/setting-text.mjs';
import { findStep } from '../app/stages/index.mjs';

/** An option's attribute: its name in kebab-case (dOut → d-out, qkvBias → qkv-bias). */
export const attributeName = kebabCase;

/**
 * Attribute → setting (the API's option names): every setting of the page under its kebab-case
 * name, except the heads' layout, which shares the `layout` attribute with the element's layout.
 */
export const SETTING_ATTRIBUTES = Object.freeze(
  Object.fromEntries(
    SETTINGS.filter((s) => s.name !== 'layout').map((s) => [attributeName(s.name), s.name]),
  ),
);
/** Attribute → view key (the page's URL names); `stage` takes a step id or a trace stage name. */
export const VIEW_ATTRIBUTES = Object.freeze({
  stage: 'step',
  head: 'head',
  item: 'item',
  numbers: 'numbers',
});
// The `layout` attribute holds the element's layout (LAYOUTS: compact, full) and optionally the
// heads' layout (the core's choices: fused, loop).
const HEAD_LAYOUTS = choicesOf('layout');

const SPEC = Object.fromEntries([...SETTINGS, ...VIEW].map((s) => [s.name, s]));
const ATTRIBUTE_OF = Object.fromEntries([
  ...Object.entries(SETTING_ATTRIBUTES).map(([a, k]) => [k, a]),
  ...Object.entries(VIEW_ATTRIBUTES).map(([a, k]) => [k, a]),
]);

// An attribute's text as a setting or view value, as the page reads its URL: what does not parse
// stays as text, so that the core's message names it ("heads = 'two': must be an integer"). A bare
// boolean attribute is true: <attention-lab training>.
function parseValue(key, raw) {
  const spec = SPEC[key];
  const text = raw.trim().toLowerCase();
  if (spec.type === 'boolean' && (text === '' || text === ATTRIBUTE_OF[key])) return true;
  return readLenient(spec, raw);
}

// layout="compact" | "full", optionally with the heads' layout: layout="full loop". A word that is
// neither goes to the core as the heads' layout, so that its message names it.
function parseLayout(raw) {
  const words = (raw ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  const ui = words.find((w) => LAYOUTS.includes(w)) ?? 'compact';
  const unknown = words.filter((w) => !LAYOUTS.includes(w) && !HEAD_LAYOUTS.includes(w));
  return { ui, heads: words.find((w) => HEAD_LAYOUTS.includes(w)) ?? unknown[0] };
}

// lab="<slug>": one lab alone; its own keys are attributes "<slug>.<key>" (sqrt-dh.dh="16"), as
// they are the page's URL keys. HTML lower-cases attribute names; the labs' keys are lower case.
// exercise="<slug>": one exercise alone, its seeded variant in "<slug>.variant" likewise.
function aloneOf(el, attribute) {
  const slug = (el.getAttribute(attribute) ?? '').trim();
  const params = {};
  if (slug)
    for (const { name, value } of el.attributes)
      if (name.startsWith(`${slug}.`)) params[name] = value;
  return { slug, params };
}

/**
 * The state the attributes of `el` describe; missing settings are the page's defaults. `lab`: the
 * lab shown alone ('' for the lesson), with its own keys in `labParams`; `exercise`: the exercise
 * shown alone (it wins over `lab`), with its variant in `exerciseParams`.
 */
export function stateFromAttributes(el) {
  const settings = { ...DEFAULT_SETTINGS };
  for (const [attribute, key] of Object.entries(SETTING_ATTRIBUTES)) {
    if (el.hasAttribute(attribute)) settings[key] = parseValue(key, el.getAttribute(attribute));
  }
  const layout = parseLayout(el.getAttribute('layout'));
  if (layout.heads) settings.layout = layout.heads;
  const view = {};
  for (const [attribute, key] of Object.entries(VIEW_ATTRIBUTES)) {
    if (el.hasAttribute(attribute)) view[key] = parseValue(key, el.getAttribute(attribute));
  }
  const lab = aloneOf(el, 'lab');
  const exercise = aloneOf(el, 'exercise');
  return {
    settings,
    view,
    layout,
    lab: lab.slug,
    labParams: lab.params,
    exercise: exercise.slug,
    exerciseParams: exercise.params,
  };
}

/**
 * What to write back when the element's own UI changed `key`: { attribute, value }, or null when
 * the attribute already says it in its own words (so that what an author wrote stays as written).
 * `ui` is the element's layout, which the `layout` attribute holds beside the heads' layout.
 */
export function attributeToReflect(el, key, state, ui) {
  if (key === 'layout') {
    const heads = state.settings.layout;
    const value = heads === DEFAULT_SETTINGS.layout ? ui : `${ui} ${heads}`; // "full", "full loop"
    return { attribute: 'layout', value };
  }
  const attribute = ATTRIBUTE_OF[key];
  if (!attribute) return null;
  if (key in state.settings) {
    const value = state.settings[key];
    const now = el.getAttribute(attribute);
    if (now !== null && Object.is(parseValue(key, now), value)) return null; // "0.10" stays "0.10"
    return { attribute, value: String(value) };
  }
  const value = state.view[key];
  const now = el.getAttribute(attribute);
  if (key === 'step') {
    if (now !== null && findStep(now) === findStep(value)) return null; // "attentionWeights" is "softmax"
    if (now === null && findStep(value) === 0) return null;
  } else if (now === null ? String(value) === String(DEFAULT_VIEW[key]) : now === String(value))
    return null;
  return { attribute, value: String(value) };
}
