// The embed page's height, told to the page that frames it, so that the parent can size the iframe
// to its content instead of guessing a fixed height (docs/EMBEDDING.md has the listener):
//
//   parent.postMessage({ type: 'attention-lab:height', height }, '*')
//
// height: the content's height in CSS pixels (a whole number, rounded up), sent once the page has
// drawn and again whenever it changes (a step with larger maps, a lab's results, a narrower
// frame). The message carries nothing but that number, so it may go to any origin; the parent
// checks that it comes from its own iframe's window.

export const HEIGHT_MESSAGE = 'attention-lab:height';

/** The height of the document's content (the root element's box), rounded up. */
export const contentHeight = (doc) => Math.ceil(doc.documentElement.getBoundingClientRect().height);

/** Posts the content's height to `win.parent` whenever it changes; returns stop(). */
export function postHeight(win) {
  if (win.parent === win || typeof win.ResizeObserver !== 'function') return () => {};
  const doc = win.document;
  let sent = -1;
  const post = () => {
    const height = contentHeight(doc);
    if (height === sent) return;
    sent = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new win.ResizeObserver(post);
  observer.observe(doc.documentElement);
  return () => observer.disconnect();
}
