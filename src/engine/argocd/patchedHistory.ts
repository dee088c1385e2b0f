import type { KubeObject } from '../types';
import type { RevisionHistory } from './applicationTypes';
import { clone } from '../util/clone';

/**
 * Argo CD keeps an Application's deployment history nowhere but in its `status.history`: the controller appends
 * to the history it reads from the object (controller/state.go `persistRevisionHistory`) and the API server's
 * rollback looks the id up there (server/application/application.go `Rollback`). The Application CRD has no status
 * subresource, so a patch of the Application can rewrite that history, as e2e `TestAppRollbackSuccessful` does.
 *
 * The sandbox's controller keeps the history it last wrote (`written`, as JSON); when the object's history is no
 * longer that, someone else wrote it, and this returns the object's history for the controller to adopt.
 */
export function historyPatchedOnObject(
  obj: KubeObject | undefined,
  written: string | undefined,
): RevisionHistory[] | undefined {
  if (obj === undefined || written === undefined) return undefined;
  const onObject: RevisionHistory[] = Array.isArray(obj.status?.history) ? obj.status.history : [];
  return JSON.stringify(onObject) === written ? undefined : clone(onObject);
}
