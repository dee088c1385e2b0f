/**
 * Writes the page's state into the address bar. A write asked for at once (a pause, a step, a toggle) is made at
 * once. A write while playing is kept, and made by `flush()` (keepAddressBar calls it when the page is hidden or
 * left, loses focus, or is pressed: the reader may be about to copy the link) or at the latest `intervalMs` later.
 * Playing many-resources at 8×, one `history.replaceState` every 500 ms cost about 6 ms of the main thread each,
 * one frame in thirty that missed its 16.7 ms (the p95 frame interval's budget, issue 32). One in five seconds is
 * one frame in three hundred, and it keeps a reload while playing (which opens the address bar's link, written
 * before the reload starts) at most five seconds behind.
 */
export class UrlWriter {
  private last = '';
  private pending: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly replace: (search: string) => void,
    readonly intervalMs = 5000,
  ) {}

  /** Writes `search` now when `immediate`, or keeps it for the next `flush()`, at most `intervalMs` away. */
  write(search: string, immediate: boolean): void {
    this.pending = search;
    if (immediate) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  /** Writes the kept link, if there is one and the address bar does not show it already. */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const search = this.pending;
    this.pending = undefined;
    if (search === undefined || search === this.last) return;
    this.last = search;
    this.replace(search);
  }
}
