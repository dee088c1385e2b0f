import type { KubeObject } from '../engine';
import { TIER_KEY } from './stackLayout';

/**
 * The tiers the manifests name explicitly, as `Kind/name` → tier: the `sandbox.argocd.dev/tier` label of a
 * workload or annotation of a hook (a hook is not part of the app, so an annotation suits it better).
 */
export function tierHintsOf(objects: readonly KubeObject[]): Map<string, string> {
  const tiers = new Map<string, string>();
  for (const o of objects) {
    const tier = o.metadata?.labels?.[TIER_KEY] ?? o.metadata?.annotations?.[TIER_KEY];
    const name = o.metadata?.name ?? o.metadata?.generateName;
    if (typeof tier === 'string' && tier !== '' && name) tiers.set(`${o.kind}/${name}`, tier);
  }
  return tiers;
}
