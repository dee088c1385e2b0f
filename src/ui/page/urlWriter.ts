/**
 * Writes the page's state into the address bar, skipping a link it already shows. How often is keepAddressBar's
 * choice (addressBar.svelte.ts): at once when the page stops or changes, and while playing once in `intervalMs` or
 * when the link may be read. Playing many-resources at 8×, one `history.replaceState` every 500 ms cost about 6 ms
 * of the main thread each, one frame in thirty that missed its 16.7 ms (the p95 frame interval's budget, issue 32).
 * One in five seconds is one frame in three hundred, and it keeps a reload while playing (which opens the address
 * bar's link, written before the reload starts) at most five seconds behind.
 */
export class UrlWriter {
  private last: string;

  /**
   * `shown` is the query the address bar shows when the page opens: the page's first link is most often the one
   * it was opened with (`?scenario=three-tier`), and writing it again was a `history.replaceState` in the page's
   * first task (about 10 ms with a phone-class CPU, issue 32).
   */
  constructor(
    private readonly replace: (search: string) => void,
    readonly intervalMs = 5000,
    shown = '',
  ) {
    this.last = shown;
  }

  /** Writes `search` unless the address bar shows it already. */
  write(search: string): void {
    if (search === this.last) return;
    this.last = search;
    this.replace(search);
  }
}
