/**
 * The kubelet's per-container back-off (k8s.io/client-go `util/flowcontrol.Backoff`, as used by
 * `kuberuntime.doBackOff` and the image puller): it starts at 10 s, doubles on each use up to 5 min, and
 * resets when the last restart is more than twice the maximum (10 min) before the failure.
 *
 * So a crash-looping container restarts at once after its first exit, then waits 10 s, 20 s, 40 s, 1m20s,
 * 2m40s and 5m0s between restarts, which `CrashLoopBackOff` messages show as `back-off 10s …`.
 */
export class BackOff {
  private backoffMs = 0;
  private lastUpdate = -Infinity;

  constructor(
    readonly initialMs = 10_000,
    readonly maxMs = 300_000,
  ) {}

  /** The current back-off (what the CrashLoopBackOff message prints). */
  get(): number {
    return this.backoffMs;
  }

  /** Whether an event at `eventTime` (a container's finishedAt) must still wait at `now` (`IsInBackOffSince`). */
  isInBackOffSince(eventTime: number, now: number): boolean {
    if (this.backoffMs === 0 || this.expired(eventTime)) return false;
    return now - eventTime < this.backoffMs;
  }

  /** Whether `now` is still within the back-off counted from the last update (`IsInBackOffSinceUpdate`). */
  isInBackOffSinceUpdate(now: number): boolean {
    if (this.backoffMs === 0 || this.expired(now)) return false;
    return now - this.lastUpdate < this.backoffMs;
  }

  /** The moment the back-off ends for an event at `eventTime`. */
  endsAt(eventTime: number): number {
    return eventTime + this.backoffMs;
  }

  /** Record a use: start at the initial back-off, or double it (`Next`). */
  next(eventTime: number, now: number): void {
    this.backoffMs =
      this.backoffMs === 0 || this.expired(eventTime)
        ? this.initialMs
        : Math.min(this.backoffMs * 2, this.maxMs);
    this.lastUpdate = now;
  }

  private expired(eventTime: number): boolean {
    return eventTime - this.lastUpdate > 2 * this.maxMs;
  }
}

/** A duration as Go's `time.Duration.String()` prints it: `10s`, `1m20s`, `5m0s`, `1h0m0s`, `500ms`. */
export function formatGoDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const totalSeconds = ms / 1000;
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = +(totalSeconds % 60).toFixed(3);
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}
