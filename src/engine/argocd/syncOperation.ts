import type { Json, KubeObject } from '../types';
import type { Operation } from './applicationTypes';
import { clone } from '../util/clone';
import type { SyncOperationResource } from './autoSync';

/** One `--info NAME=VALUE` of `argocd app sync`: Argo CD's `Info`, persisted in the operation. */
export interface OperationInfo {
  name: string;
  value: string;
}

/** The flags of `argocd app sync` beyond `--prune`: `--info NAME=VALUE` and `--label KEY=VALUE`, each repeatable. */
export interface SyncRequestOptions {
  info?: readonly OperationInfo[];
  labels?: readonly { name: string; value: string }[];
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
  extra: { info?: readonly OperationInfo[]; resources?: SyncOperationResource[] } = {},
): Operation {
  const syncPolicy: Json = app.spec?.syncPolicy ?? {};
  const info = extra.info ?? [];
  return {
    initiatedBy: { username: 'admin' },
    sync: {
      revision,
      prune,
      ...(syncPolicy.syncOptions ? { syncOptions: [...syncPolicy.syncOptions] } : {}),
      ...(extra.resources ? { resources: extra.resources } : {}),
    },
    ...(syncPolicy.retry ? { retry: clone(syncPolicy.retry) } : {}),
    ...(info.length > 0 ? { info: info.map((i) => ({ name: i.name, value: i.value })) } : {}),
  };
}
