import { healthOrder, type HealthStatusCode } from '../types';

/**
 * The rank of a health code in Argo CD's best-to-worst order (argocd-semantics.md §1.8):
 * Healthy < Suspended < Progressing < Missing < Degraded < Unknown. An unrecognised code ranks like Healthy,
 * as gitops-engine's `IsWorse` leaves its index at 0.
 */
export function healthRank(code: string): number {
  const index = healthOrder.indexOf(code as HealthStatusCode);
  return index < 0 ? 0 : index;
}

/**
 * Whether `candidate` is a worse condition than `current` (gitops-engine `IsWorse(current, new)`, §1.8).
 *
 * @example
 * isWorse('Progressing', 'Degraded'); // true
 * isWorse('Degraded', 'Missing'); // false
 */
export function isWorse(current: string, candidate: string): boolean {
  return healthRank(candidate) > healthRank(current);
}
