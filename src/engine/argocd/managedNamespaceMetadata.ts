import type { JsonAny, KubeObject } from '../types';
import { setOwn } from '../util/setOwn';

/**
 * controller/sync_namespace.go `syncNamespace`, the namespace modifier a sync with `CreateNamespace=true` gives
 * gitops-engine (controller/sync.go L413): with `spec.syncPolicy.managedNamespaceMetadata` the destination
 * namespace is created, or updated when it exists, with exactly those labels and annotations, plus the
 * `argocd.argoproj.io/sync-options: ServerSideApply=true` annotation (`appendSSAAnnotation`); without it the
 * namespace is only created when missing (the engine's default, so undefined is returned).
 */
export function namespaceModifierOf(
  app: KubeObject | undefined,
): ((managed: KubeObject, live: KubeObject | undefined) => boolean) | undefined {
  const metadata: JsonAny = app?.spec?.syncPolicy?.managedNamespaceMetadata;
  if (metadata === undefined || metadata === null) return undefined;
  const labels = stringMap(metadata.labels);
  const annotations = stringMap(metadata.annotations);
  return (managed) => {
    if (Object.keys(labels).length > 0) managed.metadata.labels = { ...labels };
    else delete managed.metadata.labels;
    managed.metadata.annotations = {
      ...annotations,
      'argocd.argoproj.io/sync-options': 'ServerSideApply=true',
    };
    return true;
  };
}

function stringMap(value: JsonAny): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') setOwn(out, k, v);
  return out;
}
