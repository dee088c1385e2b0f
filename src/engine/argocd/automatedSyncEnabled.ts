import type { KubeObject } from '../types';
import { isAutomatedSyncEnabled } from './autoSync';

/**
 * Whether an update of an Application turned automated sync or self-heal on (appcontroller.go
 * `automatedSyncEnabled`, L2995): the informer's UpdateFunc then requests a CompareWithLatest refresh at once,
 * which runs auto-sync (`argocd app set APP --sync-policy automated --self-heal` heals a drifted app right away).
 */
export function automatedSyncEnabled(oldApp: KubeObject, newApp: KubeObject): boolean {
  const oldEnabled = isAutomatedSyncEnabled(oldApp);
  const newEnabled = isAutomatedSyncEnabled(newApp);
  const oldSelfHeal = oldEnabled && oldApp.spec?.syncPolicy?.automated?.selfHeal === true;
  const newSelfHeal = newEnabled && newApp.spec?.syncPolicy?.automated?.selfHeal === true;
  return (!oldEnabled && newEnabled) || (!oldSelfHeal && newSelfHeal);
}
