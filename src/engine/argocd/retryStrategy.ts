import type { JsonAny } from '../types';
import type { RetryStrategy } from './syncMachine';

/**
 * Argo CD's `RetryStrategy` (types.go; argocd-semantics.md §5.3): `{limit, backoff: {duration, factor,
 * maxDuration}}`, defaults 5 s, ×2, 3 min. A duration is a number of seconds (`"10"`) or a Go duration
 * (`"2s"`, `"1m"`, `"1h30m"`).
 */
export const defaultBackoff = { durationMs: 5000, factor: 2, maxDurationMs: 180_000 } as const;

/** The strategy Argo CD's auto-sync and the ApplicationSet use when the app sets none (`{limit: 5}`). */
export const automatedDefaultRetry: RetryStrategy = { limit: 5, ...defaultBackoff };

/** Parse a Go duration or a plain number of seconds into ms; undefined when it is neither. */
export function parseDuration(text: JsonAny): number | undefined {
  if (typeof text === 'number') return text * 1000;
  if (typeof text !== 'string' || text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let rest = text;
  while (rest.length > 0) {
    const match = /^(\d+(?:\.\d+)?)(ms|h|m|s)/.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * units[match[2]];
    rest = rest.slice(match[0].length);
  }
  return total;
}

/** The strategy of an Application's `syncPolicy.retry` (or an operation's `retry`), with Argo CD's defaults. */
export function retryStrategyOf(retry: JsonAny): RetryStrategy | undefined {
  if (retry == null || typeof retry !== 'object') return undefined;
  const backoff = retry.backoff ?? {};
  const factor = Number(backoff.factor ?? defaultBackoff.factor);
  return {
    limit: typeof retry.limit === 'number' ? retry.limit : 0,
    durationMs: parseDuration(backoff.duration) ?? defaultBackoff.durationMs,
    factor: Number.isFinite(factor) && factor > 0 ? factor : defaultBackoff.factor,
    maxDurationMs: parseDuration(backoff.maxDuration) ?? defaultBackoff.maxDurationMs,
    ...(retry.refresh === true ? { refresh: true } : {}),
  };
}

/** `RetryStrategy.NextRetryAt`: the failure time plus duration × factor^retryCounts, capped. */
export function nextRetryAt(strategy: RetryStrategy, lastAttemptMs: number, retryCounts: number): number {
  const wait = Math.min(strategy.maxDurationMs, strategy.durationMs * Math.pow(strategy.factor, retryCounts));
  return lastAttemptMs + wait;
}
