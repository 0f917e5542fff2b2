// Copying a snippet: to the clipboard where the page may write it, else into a text area shown
// and selected, so that a page over plain http or a browser that refuses the permission still
// lets the student copy it by hand. Shared by the steps' "Copy as PyTorch" and the labs'.

const SAID = {
  copied: 'Copied: paste it into a Python file or a notebook cell and run it.',
  manual:
    'The clipboard is not available here: the snippet is in the box below, selected; copy it by hand.',
};

/**
 * Copies `text`; `status` (an element) says what happened, `fallback` (a textarea) holds it if need
 * be. said: { copied, manual }, what status says in the reader's words (English by default).
 */
export async function copySnippet(text, { status, fallback, said = SAID }) {
  try {
    if (!globalThis.navigator?.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    fallback.hidden = true;
    status.textContent = said.copied;
  } catch {
    fallback.value = text;
    fallback.hidden = false;
    fallback.focus();
    fallback.select();
    status.textContent = said.manual;
  }
}
