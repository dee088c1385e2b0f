import type { Frame } from './frameAt';
import {
  interventionsPassed,
  interventionText,
  momentOfFrame,
  type InterventionContext,
} from './interventionText';

export interface Callout {
  title: string;
  /** Two sentences: what the two statuses mean, and why they disagree here. */
  text: string;
}

/** What the call-out needs to know of the run beyond the frame (from runFacts). */
export interface CalloutContext {
  /** Whether the app's resources were running before t 0 (an earlier sync left them). */
  previous: boolean;
  /** The commands typed or scripted during the run, which may have deleted or changed what the sync left. */
  interventions?: InterventionContext;
}

/**
 * When the operation phase and the app's health seem to contradict each other, say why (argocd-semantics
 * §6.1): the operation is about the sync run, health is recomputed from the live resources all the time, and
 * hooks never count in health (§1.8 rule 1). A PreSync failure leaves the old version running only when there
 * is one (§2.18): a first sync that fails in PreSync leaves the app Missing (§1.8 rule 8).
 */
export function calloutFor(frame: Frame, context: CalloutContext = { previous: true }): Callout | undefined {
  // Asked on every animation frame while playing: the same inputs (the frame's parts keep their identity while
  // no event changes them) give the same call-out, without looking through the 400 results of many-resources.
  const inputs = [
    frame.operation,
    frame.app,
    frame.results,
    // Health matters only to the sentences about interventions (a deleted resource is Missing).
    context.interventions?.interventions.length ? frame.health : undefined,
    context.previous,
    context.interventions,
    interventionsPassed(frame.t, context.interventions),
  ];
  if (last?.inputs.every((input, i) => input === inputs[i])) return last.callout;
  const callout = calloutOf(frame, context);
  last = { inputs, callout };
  return callout;
}

let last: { inputs: unknown[]; callout: Callout | undefined } | undefined;

function calloutOf(frame: Frame, context: CalloutContext): Callout | undefined {
  const phase = frame.operation?.phase;
  const health = frame.app?.health;
  if (!phase || !health) return undefined;
  const cause = frame.results.find(
    (row) => (row.hookPhase === 'Failed' || row.hookPhase === 'Error') && row.syncPhase !== 'SyncFail',
  );

  if ((phase === 'Failed' || phase === 'Error') && health === 'Missing') {
    const why =
      cause && cause.syncPhase === 'PreSync'
        ? `The PreSync hook ${cause.name} failed before the Sync phase could create any of them, and no earlier sync had.`
        : 'The sync stopped before it created any of them.';
    return {
      title: `Sync ${phase}, app Missing`,
      text: `Missing means that none of the app's resources exists in the cluster. ${why}`,
    };
  }
  if ((phase === 'Failed' || phase === 'Error') && health === 'Healthy') {
    // A command typed during the run (kubectl delete, scale, edit) changes what "the previous version" is: say
    // what it did and the health that follows instead (interventionText).
    const typed = context.interventions ? interventionText(momentOfFrame(frame, context.interventions)) : '';
    const kept = typed
      ? `and every resource that exists is Healthy. ${typed}`
      : context.previous
        ? 'and the previous version keeps running Healthy.'
        : 'and every resource that exists is Healthy.';
    const why =
      cause && cause.syncPhase === 'PreSync'
        ? `The PreSync hook ${cause.name} failed, so nothing of the Sync phase was applied ${kept}`
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
