import type { Json } from '../types';

/**
 * Drop the listed fields when they are 0, as the API server's JSON does for `omitempty` integers: a fresh
 * Deployment's status has no `readyReplicas` field at all rather than `readyReplicas: 0`. Health checks treat
 * a missing field as 0 (argocd-semantics.md §3.0 rule 5), so the two read the same; the YAML view differs.
 */
export function omitZero<T extends Record<string, Json>>(status: T, fields: readonly (keyof T)[]): T {
  const out = { ...status };
  for (const field of fields) if (out[field] === 0) delete out[field];
  return out;
}
