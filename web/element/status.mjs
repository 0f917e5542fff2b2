// What the element says about itself on the page: its name for screen readers and its status
// lines.

// How screen readers tell this element from another on the page: its aria-label, or
// "attention-lab 2" for the second element.
export function elementName(el) {
  const own = el.getAttribute('aria-label');
  if (own) return own;
  const all = [...el.ownerDocument.querySelectorAll(el.localName)];
  const n = all.indexOf(el) + 1;
  return all.length > 1 && n > 0 ? `attention-lab ${n}` : '';
}

// Why the element runs on one thread on a page that offers threads (its CSP forbids the workers):
// a status line under the lesson, once.
export function showThreadsNote(shadow, frame, text) {
  if (!text || shadow.querySelector('.threads-note')) return;
  const note = shadow.ownerDocument.createElement('p');
  note.className = 'panel-message threads-note';
  note.setAttribute('role', 'status');
  note.textContent = text;
  frame.after(note);
}
