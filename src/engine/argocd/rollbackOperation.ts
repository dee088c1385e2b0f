import type { JsonAny, KubeObject } from '../types';
import type { Operation, RevisionHistory } from './applicationTypes';
import { clone } from '../util/clone';
import { isAutomatedSyncEnabled } from './autoSync';

/**
 * The operation `argocd app rollback NAME ID [--prune]` writes onto an Application, or the API server's refusal
 * (server/application/application.go `Rollback`): a sync of the revision and the source that history entry `id`
 * recorded, with the Application's sync options and the apply strategy. Refused while the Application is being
 * deleted, while auto-sync is enabled, or for an id its history does not have.
 */
export function rollbackOperation(
  app: KubeObject,
  history: readonly RevisionHistory[],
  id: number,
  prune: boolean,
): { operation: Operation } | { refused: string } {
  if (app.metadata.deletionTimestamp) return { refused: 'application is deleting' };
  const syncPolicy: JsonAny = app.spec?.syncPolicy ?? {};
  if (isAutomatedSyncEnabled(app))
    return { refused: 'rollback cannot be initiated when auto-sync is enabled' };
  const entry = history.find((h) => h.id === id);
  if (!entry)
    return {
      refused: `application ${app.metadata.namespace}/${app.metadata.name} does not have deployment with id ${id}`,
    };
  return {
    operation: {
      initiatedBy: { username: 'admin' },
      sync: {
        revision: entry.revision,
        prune,
        ...(syncPolicy.syncOptions ? { syncOptions: [...syncPolicy.syncOptions] } : {}),
        syncStrategy: { apply: {} },
        source: clone(entry.source),
      },
    },
  };
}
