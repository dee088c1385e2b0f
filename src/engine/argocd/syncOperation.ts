import type { JsonAny, KubeObject } from '../types';
import type { Operation } from './applicationTypes';
import { clone } from '../util/clone';
import type { SyncOperationResource } from './autoSync';
import type { SelectedResource } from './selectedResources';

/** One `--info NAME=VALUE` of `argocd app sync`: Argo CD's `Info`, persisted in the operation. */
export interface OperationInfo {
  name: string;
  value: string;
}

/**
 * The flags of `argocd app sync` beyond `--prune` (cmd/argocd/commands/app.go `NewApplicationSyncCommand`): `--info
 * NAME=VALUE` and `--label KEY=VALUE`, each repeatable; `--resource` (selectedResources.ts); `--dry-run`;
 * `--strategy` and `--force`; the sync options of `--replace`, `--server-side` and `--apply-out-of-sync-only`, which
 * replace the app's own (server/application/application.go `Sync`); and the retry strategy of `--retry-limit`.
 */
export interface SyncRequestOptions {
  info?: readonly OperationInfo[];
  labels?: readonly { name: string; value: string }[];
  resources?: readonly SelectedResource[];
  dryRun?: boolean;
  strategy?: JsonAny;
  syncOptions?: readonly string[];
  retry?: JsonAny;
}

/**
 * The operation `argocd app sync` writes onto an Application (initiator admin, argocd-semantics.md §5.4): the
 * revision, `--prune`, the Application's sync options and retry strategy, the infos (e2e TestSyncWithInfos) and,
 * for a selective sync, the resources (`--label`, resourcesByLabel.ts).
 */
export function syncOperation(
  app: KubeObject,
  revision: string,
  prune: boolean,
  extra: Omit<SyncRequestOptions, 'resources' | 'labels'> & { resources?: SyncOperationResource[] } = {},
): Operation {
  const syncPolicy: JsonAny = app.spec?.syncPolicy ?? {};
  const info = extra.info ?? [];
  // server/application/application.go Sync: the request's sync options and retry strategy, when it has them, in
  // place of the app's.
  const syncOptions = extra.syncOptions ?? syncPolicy.syncOptions;
  const retry = extra.retry ?? syncPolicy.retry;
  return {
    initiatedBy: { username: 'admin' },
    sync: {
      revision,
      prune,
      ...(extra.dryRun ? { dryRun: true } : {}),
      ...(syncOptions ? { syncOptions: [...syncOptions] } : {}),
      ...(extra.strategy ? { syncStrategy: clone(extra.strategy) } : {}),
      ...(extra.resources ? { resources: extra.resources } : {}),
    },
    ...(retry ? { retry: clone(retry) } : {}),
    ...(info.length > 0 ? { info: info.map((i) => ({ name: i.name, value: i.value })) } : {}),
  };
}
