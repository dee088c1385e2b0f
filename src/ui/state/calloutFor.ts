import type { Frame } from './frameAt';

export interface Callout {
  title: string;
  /** Two sentences: what the two statuses mean, and why they disagree here. */
  text: string;
}

/**
 * When the operation phase and the app's health seem to contradict each other, say why (argocd-semantics
 * §6.1): the operation is about the sync run, health is recomputed from the live resources all the time, and
 * hooks never count in health (§1.8 rule 1).
 */
export function calloutFor(frame: Frame): Callout | undefined {
  const phase = frame.operation?.phase;
  const health = frame.app?.health;
  if (!phase || !health) return undefined;

  if ((phase === 'Failed' || phase === 'Error') && health === 'Healthy') {
    const cause = frame.results.find(
      (row) => (row.hookPhase === 'Failed' || row.hookPhase === 'Error') && row.syncPhase !== 'SyncFail',
    );
    const why =
      cause && cause.syncPhase === 'PreSync'
        ? `The PreSync hook ${cause.name} failed, so nothing of the Sync phase was applied and the previous version keeps running Healthy.`
        : cause && cause.hookType
          ? `The ${cause.syncPhase} hook ${cause.name} failed, and hooks do not count in app health, so every resource can be Healthy.`
          : 'A task of the sync failed, while every resource that counts for health is Healthy now.';
    return {
      title: `Sync ${phase}, app Healthy`,
      text: `The operation phase reports how the sync run went; health is recomputed from the live resources alone. ${why}`,
    };
  }
  if (phase === 'Succeeded' && (health === 'Degraded' || health === 'Progressing')) {
    return {
      title: `Sync Succeeded, app ${health}`,
      text:
        'Succeeded means every task was applied and every wait the engine does was over; the last step does not wait for health. ' +
        `Health is recomputed from the live resources all the time, so the app can be ${health} after a successful sync.`,
    };
  }
  return undefined;
}
