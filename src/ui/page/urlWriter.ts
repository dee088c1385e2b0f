/**
 * Writes the page's state into the address bar without flooding the browser: Chromium throttles (and logs
 * about) more than a few hundred history calls in ten seconds, and a playing cursor changes every frame.
 * Writes are immediate when asked (a pause, a step, a toggle) and otherwise at most one per `intervalMs`,
 * with the latest value always written last.
 */
export class UrlWriter {
  private last = '';
  private pending: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWriteAt = -Infinity;

  constructor(
    private readonly replace: (search: string) => void,
    readonly intervalMs = 500,
    private readonly now: () => number = () => Date.now(),
  ) {}

  write(search: string, immediate: boolean): void {
    this.pending = search;
    if (immediate || this.now() - this.lastWriteAt >= this.intervalMs) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs - (this.now() - this.lastWriteAt));
  }

  private flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const search = this.pending;
    this.pending = undefined;
    if (search === undefined || search === this.last) return;
    this.last = search;
    this.lastWriteAt = this.now();
    this.replace(search);
  }
}
