/**
 * Sets an attribute (or, with null, removes it) unless it already has that value. The drawings run this at every
 * frame while playing or panning, and every write, even of the same value, makes the browser recompute the
 * drawing's style.
 */
export function setAttr(el: Element | null, name: string, value: string | number | null): void {
  if (!el) return;
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}
