import type { SyncPhase } from '../../engine';
import { nameOf, secondsText, type RunFacts, type StepFact } from '../../cursor/runFacts';
import { terminationText } from './terminationText';
import type { SyncPolicyFact } from '../../cursor/interventionFacts';
import { interventionText, momentOfFacts } from '../../cursor/interventionText';

/**
 * Sentences about a run, each computed from its facts (runFacts), so they stay right for any toggle, wave delay
 * or edit. They follow argocd-semantics: a failed task ends the operation and later steps never start
 * (§2.12), SyncFail hooks run on failure (§2.13), a PreSync failure leaves the old version running (§2.18, §6.10),
 * hooks are not compared (§1.7, §6.2) and health is separate from the sync result (§6.1).
 */

/** "PreSync, then Sync waves -1, 0 and 1, then PostSync": the steps the engine ran. */
export function stepsText(steps: readonly StepFact[]): string {
  const phases: { phase: SyncPhase; waves: number[] }[] = [];
  for (const step of steps) {
    const last = phases.at(-1);
    if (last?.phase === step.phase) {
      if (!last.waves.includes(step.wave)) last.waves.push(step.wave);
    } else phases.push({ phase: step.phase, waves: [step.wave] });
  }
  return phases
    .map(({ phase, waves }) =>
      phase === 'Sync'
        ? waves.length === 1
          ? `Sync wave ${waves[0]}`
          : `Sync waves ${list(waves.map(String))}`
        : phase,
    )
    .join(', then ');
}

/** What failed and what that meant for the rest of the sync, or undefined when nothing failed. */
export function failureText(facts: RunFacts): string | undefined {
  const failure = facts.failure;
  if (!failure) return undefined;
  const what = failure.hook
    ? `The ${failure.syncPhase} hook ${nameOf(failure)}`
    : `${nameOf(failure)} (Sync wave ${failure.wave})`;
  const at = `at ${secondsText(failure.t)}`;
  if (failure.syncPhase === 'PreSync') {
    // A command typed during the run may have deleted or changed what the previous sync left (interventionText).
    const touched = facts.interventions.some((fact) => fact.objects.some((o) => o.kind !== undefined));
    const before = !facts.previous
      ? 'Nothing of this app ran before this sync, so its resources were never created.'
      : touched
        ? 'The previous version stays, apart from what the commands typed during the run changed.'
        : `The previous version keeps running${imagesText(facts)}.`;
    return `${what} failed ${at}, so the Sync phase never started and nothing of it was applied. ${before}`;
  }
  if (failure.syncPhase === 'PostSync')
    return `${what} failed ${at}, after every Sync wave had been applied; what the Sync phase applied stays.`;
  const never = [...facts.managed.keys()].filter((key) => !facts.applied.has(key));
  const rest =
    never.length > 0
      ? ` Later steps never started: ${list(never.length > 3 ? [...never.slice(0, 3), `${never.length - 3} more`] : never)} ${never.length === 1 ? 'was' : 'were'} never applied.`
      : '';
  return `${what} failed ${at}${failure.message ? ` (${failure.message})` : ''}.${rest}`;
}

/** The SyncFail hooks, when something failed. */
function syncFailText(facts: RunFacts): string {
  if (!facts.failure) return '';
  const hooks = [...new Set(facts.syncFailHooks.map((h) => h.name))];
  if (hooks.length === 0) return 'There is no SyncFail hook.';
  return `The SyncFail hook${hooks.length > 1 ? 's' : ''} ${list(hooks)} ran.`;
}

/** How the operation ended, in Argo CD's words. */
export function operationText(facts: RunFacts): string {
  const op = facts.operation;
  if (!op) return 'The operation has not started.';
  if (!facts.ended)
    return `After ${secondsText(facts.runEnd)} the operation is still ${op.phase}${op.message ? `: ${op.message}` : ''}; it waits with no time limit.`;
  const ended = `The operation ended ${op.phase} at ${secondsText(op.t)}${op.message ? `: ${op.message}` : ''}.`;
  const termination = terminationText(op.message);
  return termination ? `${ended} ${termination}` : ended;
}

/** The app's sync status and health at the end, and why they may differ from the sync result. */
export function appText(facts: RunFacts): string {
  const app = facts.appFinal;
  if (!app) return '';
  const out = [
    `At the end the app is ${app.sync} and ${app.health}${app.message ? ` (${app.message})` : ''}.`,
  ];
  const failed = facts.operation?.phase === 'Failed' || facts.operation?.phase === 'Error';
  if (failed && app.sync === 'Synced')
    out.push(
      'It is Synced although the sync failed: hooks are not compared, and every resource matches Git.',
    );
  if (failed && app.health === 'Healthy')
    out.push('It is Healthy although the sync failed: health is computed from the live resources alone.');
  if (facts.ended && facts.appAtEnd && facts.healthAfter.length > 0) {
    const changes = facts.healthAfter.map((h) => `${h.health} at ${secondsText(h.t)}`);
    out.push(
      `When the operation ended the app was ${facts.appAtEnd.health}; then it turned ${list(changes)}, while the last sync still says ${facts.operation?.phase}.`,
    );
  }
  return out.join(' ');
}

/** A manual Application: what the sentences about interventions assume when the caller knows no policy. */
export const manualPolicy: SyncPolicyFact = { automated: false, selfHeal: false };

/**
 * A paragraph under the title: what this run did, what failed, how it ended and what the app is, then the
 * commands typed during the run and what followed from them (`policy`: the app's, for whether anything heals).
 */
export function runSummary(facts: RunFacts, policy: SyncPolicyFact = manualPolicy): string {
  const parts = [
    facts.steps.length > 0 ? `The sync ran ${stepsText(facts.steps)}.` : 'The sync ran no step.',
    failureText(facts) ?? '',
    syncFailText(facts),
    operationText(facts),
    appText(facts),
    interventionText(momentOfFacts(facts, policy)),
  ];
  return parts.filter((p) => p !== '').join(' ');
}

/** ` (Deployment/checkout still runs podinfo:6.7.1)` for the workloads whose image did not change. */
function imagesText(facts: RunFacts): string {
  const still = [...facts.imagesAfter].filter(([owner, image]) => facts.imagesBefore.get(owner) === image);
  if (still.length === 0) return '';
  return ` (${list(still.slice(0, 2).map(([owner, image]) => `${owner} still runs ${image}`))})`;
}

/** "a", "a and b", "a, b and c". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
