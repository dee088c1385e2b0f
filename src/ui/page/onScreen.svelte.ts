/**
 * Whether an element is in the viewport, from an IntersectionObserver: parts of the page below the fold follow
 * the cursor while playing only when someone can see them (Sampled's `shown`). Until it is known, and where
 * there is no IntersectionObserver (tests, Node), an element counts as shown.
 *
 * @example
 * const table = new OnScreen();
 * $effect(() => table.observe(element)); // the cleanup stops observing
 * const op = new Sampled(read, playing, { shown: () => table.shown });
 */
export class OnScreen {
  shown = $state(true);

  /** Follow `element` (none: shown); returns the function that stops following it. */
  observe(element: Element | null | undefined): () => void {
    if (!element || typeof IntersectionObserver === 'undefined') {
      this.shown = true;
      return () => {};
    }
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) this.shown = last.isIntersecting;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      this.shown = true;
    };
  }
}
