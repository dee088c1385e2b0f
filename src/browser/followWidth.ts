/**
 * Follow an element's width (its content box, in whole px) with a ResizeObserver, for a drawing that lays itself
 * out at its box's real width (the timeline, the status lanes, the app lanes). The observer's first answer comes
 * after the page's first layout and before its first paint; reading the width at mount instead forced a layout of
 * the half-built page in the middle of the page's first task (issue 32, interactive on a phone). So a drawing waits
 * for the first answer (`observesWidth`: 0 until then). Where there is no ResizeObserver (jsdom in tests), the
 * width is read once.
 *
 * The width comes with the observer's answer, not from `clientWidth`: the three drawings' answers arrive one after
 * the other, and the timeline drawn after the first made the next one's `clientWidth` lay the page out again, in
 * the page's first frame (traced: 23 ms of a 1× start of many-resources). The boxes have no horizontal padding, so
 * their content box is their `clientWidth` (a scrollbar is outside both).
 *
 * @example
 * $effect(() => (box ? followWidth(box, (w) => (width = w)) : undefined));
 * // draw when width > 0 || !observesWidth
 */
export function followWidth(el: HTMLElement, set: (width: number) => void): () => void {
  if (!observesWidth) {
    set(Math.floor(el.clientWidth));
    return () => {};
  }
  const observer = new ResizeObserver((entries) => {
    const last = entries[entries.length - 1];
    if (last) set(Math.floor(last.contentRect.width));
  });
  observer.observe(el);
  return () => observer.disconnect();
}

/** Whether widths arrive from a ResizeObserver (after the first layout), rather than at once. */
export const observesWidth = typeof ResizeObserver !== 'undefined';
