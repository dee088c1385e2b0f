/**
 * The one clock of a simulation. Nothing in the engine reads wall time: controllers, the sync machine and
 * xstate's delayed transitions all schedule on this clock, and the page or a test moves it forward.
 *
 * Time is in milliseconds since t0 = 2026-01-01T00:00:00Z (contract.md §1.2). Timers fire in the order
 * (deadline, scheduling order), so two runs that schedule the same timers fire them identically.
 *
 * It implements xstate's `Clock` interface (`setTimeout`/`clearTimeout`). Unlike xstate's SimulatedClock,
 * `advanceTo` jumps from deadline to deadline and sets `now()` to each timer's own deadline before running it,
 * so a chain of timers within one advance fires completely and each sees its exact time (style.md rule 4).
 */
export const EPOCH_MS = Date.UTC(2026, 0, 1);

interface Timer {
  id: number;
  at: number;
  /** Lower fires first among timers of the same deadline (argocd/controlPlanePorts.ts `Priority`). */
  priority: number;
  seq: number;
  fn: (() => void) | Runnable;
}

/**
 * What a timer may run instead of a function: an object whose `run` is called (with it as `this`). For the
 * cluster's work queue, whose every reconcile is a timer: one object per queued reconcile holds what it runs,
 * where a closure was two objects more, kept as long as the timer waits (cluster.ts `QueuedReconcile`).
 */
export interface Runnable {
  run(): void;
}

export class SimClock {
  private current: number;
  private seq = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();
  /** A binary heap ordered by (at, seq); cancelled timers are skipped lazily when they reach the top. */
  private heap: Timer[] = [];

  /** `startMs` may be negative: the history before an operation runs before t = 0. */
  constructor(startMs = 0) {
    this.current = startMs;
  }

  /** Milliseconds since t0. */
  now(): number {
    return this.current;
  }

  /** xstate's Clock: schedule `fn` after `ms` virtual milliseconds. */
  setTimeout(fn: () => void, ms: number): number {
    return this.schedule(this.current + Math.max(0, ms), fn);
  }

  /** xstate's Clock: cancel a timer; unknown ids are ignored. */
  clearTimeout(id: unknown): void {
    this.timers.delete(id as number);
  }

  /**
   * Schedule `fn` at the absolute virtual time `at` (never in the past). Among timers due at the same time, a
   * lower `priority` fires first, then scheduling order: the control plane uses it for the order inside one
   * instant (argocd-semantics.md §5.0); everything else uses 0, so it keeps plain scheduling order.
   */
  schedule(at: number, fn: (() => void) | Runnable, priority = 0): number {
    const timer: Timer = {
      id: this.nextId++,
      at: Math.max(at, this.current),
      priority,
      seq: this.seq++,
      fn,
    };
    this.timers.set(timer.id, timer);
    this.push(timer);
    return timer.id;
  }

  /** The deadline of the earliest pending timer, if any. */
  nextDeadline(): number | undefined {
    this.dropCancelled();
    return this.heap[0]?.at;
  }

  /** Whether any timer is pending. */
  hasPending(): boolean {
    return this.nextDeadline() !== undefined;
  }

  /** Run the earliest timer, moving the clock to its deadline. Returns false when no timer is pending. */
  runNext(): boolean {
    this.dropCancelled();
    const timer = this.pop();
    if (!timer) return false;
    this.timers.delete(timer.id);
    this.current = Math.max(this.current, timer.at);
    const fn = timer.fn;
    if (typeof fn === 'function') fn();
    else fn.run();
    return true;
  }

  /** Run every timer due at or before `t`, in order, then set the clock to `t`. */
  advanceTo(t: number): void {
    for (;;) {
      const next = this.nextDeadline();
      if (next === undefined || next > t) break;
      this.runNext();
    }
    this.current = Math.max(this.current, t);
  }

  /** Advance by `ms` from now (what the page calls each frame with dt × speed). */
  advanceBy(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  private push(timer: Timer): void {
    const heap = this.heap;
    heap.push(timer);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      // A swap through a local, not a destructuring one: that made a two-element array at each step of every
      // timer's way up and down the heap until the JIT compiled it away (most of a first run).
      const up = heap[i];
      heap[i] = heap[parent];
      heap[parent] = up;
      i = parent;
    }
  }

  private pop(): Timer | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l], heap[m])) m = l;
        if (r < heap.length && before(heap[r], heap[m])) m = r;
        if (m === i) break;
        const down = heap[i];
        heap[i] = heap[m];
        heap[m] = down;
        i = m;
      }
    }
    return top;
  }

  private dropCancelled(): void {
    while (this.heap.length > 0 && !this.timers.has(this.heap[0].id)) this.pop();
  }
}

function before(a: Timer, b: Timer): boolean {
  if (a.at !== b.at) return a.at < b.at;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

/**
 * RFC 3339 timestamp (second precision, as Kubernetes writes them) of a virtual time in ms.
 *
 * Memoized by virtual second: the kubelet re-renders every pod's status (start times, transition times) on each
 * reconcile, so the same few seconds are formatted again and again, and a Date plus two strings per call were a
 * visible share of a run. The result depends on the second alone, so a kept string can never be stale; the map
 * is emptied when it grows past `STAMP_CACHE_SIZE` seconds so a day-long run does not keep them all.
 */
export function toTimestamp(ms: number): string {
  const second = Math.floor(ms / 1000);
  let stamp = stamps.get(second);
  if (stamp === undefined) {
    if (stamps.size >= STAMP_CACHE_SIZE) stamps.clear();
    stamp = formatTimestamp(second);
    stamps.set(second, stamp);
  }
  return stamp;
}

/** The uncached formatting of `toTimestamp`, by virtual second. */
export function formatTimestamp(second: number): string {
  return new Date(EPOCH_MS + second * 1000).toISOString().replace('.000Z', 'Z');
}

/** How many distinct seconds `toTimestamp` keeps before starting over. */
export const STAMP_CACHE_SIZE = 4096;
const stamps = new Map<number, string>();

/** Virtual ms of an RFC 3339 timestamp written by `toTimestamp`. */
export function fromTimestamp(ts: string): number {
  return Date.parse(ts) - EPOCH_MS;
}
