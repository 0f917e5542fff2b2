// "Copy as PyTorch": a button that copies a text to the clipboard, or, where the clipboard is not
// available (permissions, a page over http), shows it in a text area to copy by hand. What it
// says after a click belongs to the click, not to the view: the handler writes it.
import { h } from '../../render/h.mjs';
import { copySnippet } from '../../ui/clipboard.mjs';

// The box holds the button, its status line and its fallback text area.
function copy(e, text, t) {
  const box = e.currentTarget.parentElement;
  return copySnippet(text, {
    status: box.querySelector('.copy-status'),
    fallback: box.querySelector('.snippet-text'),
    said: { copied: t.kit('copy.copied'), manual: t.kit('copy.manual') },
  });
}

/** The copy button, its status line and its fallback text area, for `text`; t: the lab's words. */
export function copyBox(t, text, label = t.kit('copy.button')) {
  return h(
    'div',
    { class: 'copy-box' },
    h(
      'button',
      {
        type: 'button',
        class: 'copy-pytorch',
        dataset: { action: 'copy-pytorch' },
        onclick: (e) => copy(e, text, t),
      },
      label,
    ),
    h('p', { class: 'copy-status', role: 'status' }),
    h('textarea', {
      class: 'snippet-text',
      readonly: true,
      rows: 12,
      hidden: true,
      'aria-label': t.kit('copy.area'),
    }),
  );
}
