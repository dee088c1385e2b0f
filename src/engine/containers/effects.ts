/**
 * A container's process, as the sandbox runs it: a generator that yields what it needs from the world and
 * returns its exit code. The program itself is pure; the kubelet answers each effect at the virtual moment it
 * is yielded (a `sleep` moves the container's own time on, an `http` request sees the cluster as it is at
 * that moment, a `log` line goes to `kubectl logs`). So `sleep 5 && curl http://backend` sees the Service as
 * it is five seconds after the container started, not when it was created.
 */
export type Effect =
  /** A line written to stdout (1) or stderr (2); both end up in the pod's log. */
  | { type: 'log'; line: string; stream: 1 | 2 }
  /** Let `ms` virtual milliseconds pass (Infinity: run until stopped). */
  | { type: 'sleep'; ms: number }
  /** Connect to `host:port` and GET `path`; the answer comes back as the `next()` argument. */
  | { type: 'http'; request: HttpRequest };

export interface HttpRequest {
  host: string;
  port: number;
  path: string;
}

/** What the cluster network did with a request. */
export type HttpResult =
  /** DNS found no such name. */
  | { type: 'unresolved' }
  /** The name resolved, but nothing accepted the connection (no ready endpoint, or a port nobody serves). */
  | { type: 'refused'; address: string }
  /** A server answered with this HTTP status. */
  | { type: 'response'; status: number; address: string };

/** A running process: yields effects, receives HTTP results, returns its exit code. */
export type Program = Generator<Effect, number, HttpResult | undefined>;

/** Answers the HTTP requests of a program run outside the cluster (tests, previews). */
export type HttpResolver = (request: HttpRequest, atMs: number) => HttpResult;

export interface Timeline {
  /** Log lines with the virtual ms (since the program started) at which they were written. */
  lines: { at: number; line: string }[];
  /** The exit code, or undefined when the program was still running at `limitMs`. */
  exitCode: number | undefined;
  /** When the program ended (or `limitMs`). */
  endMs: number;
}

/**
 * Run a program to its end (or to `limitMs`) and collect its timeline: the pure view of a script, for tests
 * and for showing what a hook would do.
 *
 * @example
 * runToEnd(shellProgram('echo a; sleep 2; exit 3'), () => ({ type: 'unresolved' }))
 * // → { lines: [{ at: 0, line: 'a' }], exitCode: 3, endMs: 2000 }
 */
export function runToEnd(program: Program, resolve: HttpResolver, limitMs = 24 * 3600_000): Timeline {
  const lines: Timeline['lines'] = [];
  let at = 0;
  let input: HttpResult | undefined;
  for (;;) {
    const step = program.next(input);
    input = undefined;
    if (step.done) return { lines, exitCode: step.value, endMs: at };
    const effect = step.value;
    if (effect.type === 'log') lines.push({ at, line: effect.line });
    else if (effect.type === 'http') input = resolve(effect.request, at);
    else if (at + effect.ms > limitMs) return { lines, exitCode: undefined, endMs: limitMs };
    else at += effect.ms;
  }
}
