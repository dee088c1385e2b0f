/**
 * What a RollingSync writes on generated Applications (argocd-semantics.md §5.1 "Auto-sync forced off" and
 * "Sync"; progressive_sync.go `disableAutomatedSync`, `SyncDesiredApplications`, `syncApplication`).
 */
import type { JsonAny, KubeObject } from '../../../types';
import { findApplicationStatus, type ApplicationStatusEntry } from './applicationStatus';

/** A copy of the app with `automated.enabled: false`; prune and selfHeal are kept, apps without `automated` untouched. */
export function disableAutomatedSync(app: KubeObject): KubeObject {
  const automated: JsonAny = app.spec?.syncPolicy?.automated;
  if (automated == null) return app;
  return {
    ...app,
    spec: {
      ...app.spec,
      syncPolicy: { ...app.spec.syncPolicy, automated: { ...automated, enabled: false } },
    },
  };
}

/** The operation Argo CD writes to sync an app of a step (`syncApplication`). */
export function syncOperation(app: KubeObject, prune: boolean): JsonAny {
  const syncPolicy: JsonAny = app.spec?.syncPolicy;
  const operation: JsonAny = {
    initiatedBy: { username: 'applicationset-controller', automated: true },
    info: [
      { name: 'Reason', value: 'ApplicationSet RollingSync triggered a sync of this Application resource' },
    ],
    sync: {},
    retry: { limit: 5 },
  };
  if (syncPolicy != null) {
    if (syncPolicy.retry != null) operation.retry = structuredJson(syncPolicy.retry);
    if (syncPolicy.syncOptions != null) operation.sync.syncOptions = [...syncPolicy.syncOptions];
    operation.sync.prune = prune;
  }
  return operation;
}

/** `syncApplication`: the app with its sync operation set. */
export function syncApplication(app: KubeObject, prune: boolean): KubeObject {
  return { ...app, operation: syncOperation(app, prune) };
}

/**
 * `SyncDesiredApplications`: every generated app gets auto-sync forced off; an eligible app whose entry is
 * `Pending` gets the sync operation, with the template's `automated.prune` (when auto-sync was enabled).
 */
export function syncDesiredApplications(
  desiredApplications: readonly KubeObject[],
  entries: readonly ApplicationStatusEntry[],
  appsToSync: ReadonlySet<string>,
): KubeObject[] {
  return desiredApplications.map((desired) => {
    const automated: JsonAny = desired.spec?.syncPolicy?.automated;
    const prune = automated != null && automated.enabled !== false ? automated.prune === true : false;
    const app = disableAutomatedSync(desired);
    const name = app.metadata.name ?? '';
    const pending = findApplicationStatus(entries, name)?.status === 'Pending';
    return appsToSync.has(name) && pending ? syncApplication(app, prune) : app;
  });
}

function structuredJson(value: JsonAny): JsonAny {
  return JSON.parse(JSON.stringify(value));
}
