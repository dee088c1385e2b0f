/** One observer for every spinning icon of the page: an observer per icon would be one more callback per frame. */
let observer: IntersectionObserver | undefined;

/**
 * A Svelte action: the element gets the class `off-screen` while it is outside the viewport, so its CSS can pause
 * its animation there. A running CSS animation makes the browser restyle its element on every frame the page
 * draws, composited or not, seen or not: playing many-resources at 8× in a 1920×1080 window, the two spinning
 * status cards below the fold were a third of the elements restyled (test/bench/playTrace.mjs, issue 32).
 *
 * @example
 * <svg class="spin" use:stillOffScreen>…</svg> <!-- .spin:global(.off-screen) { animation-play-state: paused } -->
 */
export function stillOffScreen(element: Element): { destroy(): void } | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) entry.target.classList.toggle('off-screen', !entry.isIntersecting);
  });
  observer.observe(element);
  return {
    destroy: () => {
      observer?.unobserve(element);
      element.classList.remove('off-screen');
    },
  };
}
