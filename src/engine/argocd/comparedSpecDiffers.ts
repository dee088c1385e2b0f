import type { JsonAny, KubeObject } from '../types';

/**
 * Why an Application's last comparison no longer describes its spec, as `needRefreshAppStatus` (appcontroller.go
 * L2155-L2205) reads it on every refresh request: `spec.source differs` from status.sync.comparedTo (a
 * CompareWithLatestForceResolve refresh), or `spec.destination differs` (CompareWithLatest). Either reason is a full
 * comparison, and a full comparison is followed by auto-sync (processAppRefreshQueueItem L2003). So an app of apps'
 * parent that points a child at a new path makes the child compare and auto-sync at once, not at its next periodic
 * refresh. Undefined when neither differs (a change of syncPolicy alone asks for no comparison).
 *
 * The other reasons of the Go function (managedNamespaceMetadata, ignoreDifferences) are read by the code that
 * models those fields. An app never compared has an empty comparedTo, which no source equals
 * (TestNeedRefreshAppStatus "refresh application which status is not reconciled using latest commit").
 */
export function comparedSpecDiffers(
  app: KubeObject,
): 'spec.source differs' | 'spec.destination differs' | undefined {
  const comparedTo: JsonAny = app.status?.sync?.comparedTo ?? {};
  if (!sameJson(app.spec?.source, comparedTo.source)) return 'spec.source differs';
  if (!sameJson(app.spec?.destination, comparedTo.destination)) return 'spec.destination differs';
  return undefined;
}

/** Deep equality of two JSON values, keys in any order (Go's reflect.DeepEqual on the decoded structs). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== 'object' || typeof b !== 'object') return a == b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
