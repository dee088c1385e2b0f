import type { ObjectStore } from '../cluster/store';
import type { KubeObject } from '../types';
import { permissionMessages, projectRulesOf } from './projectRules';

/**
 * The InvalidSpecError messages of appcontroller.go `refreshAppConditions` (L2220-L2241): the project's lister
 * error when the project does not exist (§5.2, case 125), else `argo.ValidatePermissions`' sourceRepos and
 * destinations messages (projectRules.ts). Any of them makes the app's sync and health Unknown and stops both
 * auto-sync and syncs (sync.go L231-L238).
 */
export function invalidSpecMessages(store: ObjectStore, app: KubeObject): string[] {
  const project = app.spec?.project ?? 'default';
  const rules = projectRulesOf(store, project);
  if (!rules) return [`Application referencing project ${project} which does not exist`];
  return permissionMessages(app, rules);
}
