/**
 * Sets an element's text unless it already reads so, changing its one text node in place: assigning
 * `textContent` replaces the node even with the same text, and the browser lays that out as one node removed and
 * another added. The drawings run this on every frame while playing (issue 32).
 */
export function setText(el: Element | null, text: string): void {
  if (!el) return;
  const node = el.firstChild;
  if (node && node === el.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (el.textContent !== text) el.textContent = text;
}
