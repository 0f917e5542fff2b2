// A step's equation drawn with its maps side by side (Q_h · K_hᵀ = scores, weights · V = context),
// for one head at a time, under a note that says which head it is.
import { h } from './dom.mjs';
import { format, wordsOf } from '../strings/index.mjs';

/** The equation of `maps` for head `head` (0-based) of the result's h heads. */
export function equationBlock(ctx, head, className, maps) {
  const { sizes } = ctx.result;
  const note =
    sizes.h > 1
      ? h(
          'p',
          { class: 'equation-note' },
          format(wordsOf(ctx)[ctx.view.head === 'all' ? 'map.headOfChoose' : 'map.headOf'], {
            n: head + 1,
            count: sizes.h,
          }),
        )
      : null;
  return h('div', { class: 'equations' }, note, h('div', { class: className }, ...maps));
}
