import type { HealthStatusCode, OperationPhase } from '../engine';
import type { InterventionFact, SyncPolicyFact } from './interventionFacts';
import { secondsText, type RunFacts } from './runFacts';

/** What the interventions' sentences read of one moment of the run (its end, or the cursor). */
export interface InterventionMoment {
  /** The interventions up to the moment. */
  interventions: readonly InterventionFact[];
  /** A managed resource's health at the moment (undefined when it has none, or none is known). */
  healthOf: (kind: string, name: string) => HealthStatusCode | undefined;
  /** The operations started after the first intervention, up to the moment, and whether auto-sync started them. */
  syncsAfter: readonly { t: number; automated: boolean }[];
  policy: SyncPolicyFact;
  /** The operation's phase at the moment. */
  phase: OperationPhase | undefined;
}

/**
 * The interventions in words, for the summary, the story, the call-out and "Why did it end?": what each command
 * changed, the health that follows, and why nothing puts it back when Argo CD would not. A deleted resource is
 * `Missing` and counts for nothing in the app's health (controller/health.go `setApplicationHealth`: "Missing
 * resources should not affect parent app health - the OutOfSync status already indicates resources are missing";
 * argocd-semantics §1.8 rule 5). Only auto-sync puts Git back, and only with self-heal, only when no operation
 * runs, and never for a revision whose last sync failed (appcontroller.go `autoSync` L2593-L2606, §5.4).
 * Empty when no intervention changed anything yet.
 */
export function interventionText(moment: InterventionMoment): string {
  const done = moment.interventions;
  if (done.length === 0) return '';
  const shown = done.slice(0, 2).map((fact) => factText(fact, moment));
  if (done.length > 2) shown.push(`${done.length - 2} more command${done.length > 3 ? 's' : ''} ran after.`);
  const managed = done.flatMap((fact) => fact.objects.filter((o) => o.kind !== undefined));
  if (managed.length === 0) return shown.join(' ');
  // Only while a deleted resource is still gone: one a sync created again counts for health as any other.
  const gone = managed.some(
    (o) => o.did === 'deleted' && (moment.healthOf(o.kind!, o.name) ?? 'Missing') === 'Missing',
  );
  if (gone)
    shown.push(
      "A resource that does not exist counts for nothing in the app's health (OutOfSync already says it is missing), so the app's health is read from the resources that remain.",
    );
  shown.push(healText(moment));
  return shown.join(' ');
}

function factText(fact: InterventionFact, moment: InterventionMoment): string {
  const at = `At ${secondsText(fact.t)}, “${fact.command}”`;
  const managed = fact.objects.filter((o) => o.kind !== undefined);
  if (managed.length === 0) return `${at} ran.`;
  const parts = managed.map((o) => {
    const key = `${o.kind}/${o.name}`;
    const health = moment.healthOf(o.kind!, o.name);
    if (o.did === 'deleted' && (health === undefined || health === 'Missing'))
      return `${o.did} ${key}: it no longer exists, so Argo CD shows it OutOfSync and Missing`;
    // A deleted resource that exists again was created anew (by a sync): say so, not just its health.
    if (o.did === 'deleted')
      return `${o.did} ${key}; it exists again${health ? ` and is ${health}` : ''} now`;
    return `${o.did} ${key}${health ? `: it is ${health} now` : ''}`;
  });
  return `${at} ${parts.join('; ')}.`;
}

/** Whether Argo CD puts Git's version back, and why not when it does not (§5.4). */
function healText(moment: InterventionMoment): string {
  const sync = moment.syncsAfter[0];
  if (sync)
    return `Argo CD started a sync at ${secondsText(sync.t)}${sync.automated ? ' (auto-sync with self-heal)' : ''}, which applies Git's version again.`;
  const none = 'Nothing puts it back:';
  if (!moment.policy.automated)
    return `${none} the app has no automated sync policy, so Argo CD re-applies nothing and reports the difference from Git until someone syncs.`;
  if (!moment.policy.selfHeal)
    return `${none} auto-sync is on but self-heal is off, so Argo CD does not sync a revision it already synced; it reports the difference from Git until someone syncs.`;
  if (moment.phase === 'Failed' || moment.phase === 'Error')
    return `${none} self-heal is on, but the last sync of this revision failed, and auto-sync never retries a failed revision (condition SyncError, "Failed last sync attempt").`;
  if (moment.phase === 'Running' || moment.phase === 'Terminating')
    return 'Self-heal is on, but auto-sync waits until the running operation ends, and heals only if it succeeds.';
  return 'Self-heal is on: Argo CD syncs what differs from Git at its next refresh.';
}

/** The moment at the end of a run, from its facts. */
export function momentOfFacts(facts: RunFacts, policy: SyncPolicyFact): InterventionMoment {
  const first = facts.interventions[0]?.t ?? Infinity;
  return {
    interventions: facts.interventions,
    healthOf: (kind, name) => facts.healthEnd.get(`${kind}/${name}`),
    syncsAfter: facts.syncStarts.filter((s) => s.t >= first),
    policy,
    phase: facts.operation?.phase,
  };
}

/** What a frame of the page (state/frame.ts) holds that the sentences read. */
export interface MomentFrame {
  t: number;
  operation: { phase: OperationPhase } | undefined;
  /** Health by `group/Kind/namespace/name`. */
  health: ReadonlyMap<string, { status: HealthStatusCode }>;
}

/**
 * What the call-out and "Why did it end?" need to tell the interventions at the cursor: the run's facts about them
 * and the app's sync policy (one object per run, so the panels' caches can compare it by identity).
 */
export interface InterventionContext {
  interventions: readonly InterventionFact[];
  syncStarts: readonly { t: number; automated: boolean }[];
  policy: SyncPolicyFact;
}

/** The moment at the page's cursor. */
export function momentOfFrame(frame: MomentFrame, context: InterventionContext): InterventionMoment {
  const done = context.interventions.filter((fact) => fact.t <= frame.t);
  const first = done[0]?.t ?? Infinity;
  return {
    interventions: done,
    healthOf: (kind, name) => {
      for (const [key, h] of frame.health) {
        const parts = key.split('/');
        if (parts[1] === kind && parts.at(-1) === name) return h.status;
      }
      return undefined;
    },
    syncsAfter: context.syncStarts.filter((s) => s.t >= first && s.t <= frame.t),
    policy: context.policy,
    phase: frame.operation?.phase,
  };
}

/** How many interventions and later syncs the cursor has passed: a frame cache's key for the sentences. */
export function interventionsPassed(t: number, context: InterventionContext | undefined): string {
  if (!context || context.interventions.length === 0) return '';
  const done = context.interventions.filter((fact) => fact.t <= t).length;
  return `${done} ${context.syncStarts.filter((s) => s.t <= t).length}`;
}
