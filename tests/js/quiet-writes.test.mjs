// Every change of the state writes every setting's control, and every drawing of a step clears
// the inspected cell's tooltip and readout. A write of what is already there is not free in a
// browser: a select handed its own value selects it again, and a text or attribute written again
// makes the next read of the page lay it out again, inside the frame of each step of a slider. So
// what is already shown is left as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDom } from './fake-dom.mjs';

installFakeDom();
const { IO } = await import('../../web/app/ui/fields.mjs');
const { createTooltip, HINT } = await import('../../web/app/ui/tooltip.mjs');

// A stand-in input or select whose every write of `key` is counted.
function counted(key, value, extra = {}) {
  const el = { writes: 0, ...extra };
  Object.defineProperty(el, key, {
    get: () => value,
    set: (v) => {
      el.writes += 1;
      value = v;
    },
  });
  return el;
}

const holding = (...inputs) => ({
  querySelector: () => inputs[0],
  querySelectorAll: () => inputs,
  getRootNode: () => ({ activeElement: null }),
});

test('a control handed the value it shows is not written', () => {
  const select = counted('value', 'neg-inf');
  IO.select.write(holding(select), 'neg-inf');
  assert.equal(select.writes, 0);
  IO.select.write(holding(select), 'naive');
  assert.deepEqual([select.writes, select.value], [1, 'naive']);

  const box = counted('checked', true);
  IO.checkbox.write(holding(box), true);
  assert.equal(box.writes, 0);
  IO.checkbox.write(holding(box), false);
  assert.deepEqual([box.writes, box.checked], [1, false]);

  const [yes, no] = [
    counted('checked', false, { value: 'true' }),
    counted('checked', true, { value: 'false' }),
  ];
  IO.radio.write(holding(yes, no), false);
  assert.deepEqual([yes.writes, no.writes], [0, 0]);
  IO.radio.write(holding(yes, no), true);
  assert.deepEqual([yes.checked, no.checked, yes.writes + no.writes], [true, false, 2]);

  const number = counted('value', '0.5');
  IO.number.write(holding(number), 0.5);
  assert.equal(number.writes, 0);
  IO.number.write(holding(number), 0.45);
  assert.deepEqual([number.writes, number.value], [1, '0.45']);
});

test('clearing a tooltip already clear writes nothing; one that shows a cell is cleared', () => {
  const host = document.createElement('body');
  const readout = document.createElement('p');
  readout.textContent = HINT;
  const replaced = [];
  const replaceChildren = readout.replaceChildren.bind(readout);
  readout.replaceChildren = (...nodes) => {
    replaced.push(nodes);
    replaceChildren(...nodes);
  };
  const tip = createTooltip(host, () => readout, HINT);
  const tooltip = host.childNodes[0];
  let hides = 0;
  let hidden = true;
  Object.defineProperty(tooltip, 'hidden', {
    get: () => hidden,
    set: (v) => {
      hides += 1;
      hidden = v;
    },
  });

  tip.clear();
  tip.clear();
  assert.deepEqual([replaced.length, hides], [0, 0]);

  // A cell inspected: its lines in the readout, the tooltip shown (placed by the browser).
  hidden = false;
  readout.textContent = 'dream · big · 0.1234';
  tip.clear();
  assert.equal(readout.textContent, HINT);
  assert.deepEqual([replaced.length, hides, hidden], [1, 1, true]);
});
