import type { SimEvent } from '../engine';
import type { Frame, ResultRow } from './frameAt';
import { objectKey } from './frameAt';
import {
  interventionsPassed,
  interventionText,
  momentOfFrame,
  type InterventionContext,
} from './interventionText';

/** One object that holds the sync back, with its live health. */
export interface Blocker {
  kind: string;
  name: string;
  hook: boolean;
  health: string | undefined;
  message: string;
}

/** The answer to "why is it waiting?" at one instant. */
export interface WaitingExplanation {
  /** The engine's own message, verbatim, when it says what the operation waits for. */
  engineMessage: string | undefined;
  /** One plain-language sentence: what is going on. */
  headline: string;
  /** What would release the wait, or what follows from a failure. */
  detail: string;
  blockers: Blocker[];
  /** The operation has ended: the question is then "why did it end?", not "why is it waiting?". */
  ended: boolean;
}

/** What an engine waiting message names: one object, and how many more it only counts (argocd-semantics §2.10). */
export interface WaitingNames {
  group: string;
  kind: string;
  name: string;
  more: number;
}

/**
 * Read `waiting for <reason> <group>/<kind>/<name>[ and N more resources|hooks]`, the message `setRunningPhase`
 * builds (argocd-semantics §2.10). Undefined for any other message.
 */
export function waitingNames(message: string): WaitingNames | undefined {
  const match =
    /^waiting for (?:healthy state of|completion of hook|deletion of hook|deletion of|pruning confirmation of) ([^/ ]*)\/([^/ ]+)\/(\S+)(?: and (\d+) more (?:resources|hooks))?$/.exec(
      message,
    );
  if (!match) return undefined;
  return { group: match[1], kind: match[2], name: match[3], more: Number(match[4] ?? 0) };
}

const syncFailHooks = new WeakMap<readonly SimEvent[], string[]>();

/** The names of the SyncFail hooks of a run, so a failure can say whether any will run (once per log). */
export function syncFailHooksOf(events: readonly SimEvent[]): string[] {
  const known = syncFailHooks.get(events);
  if (known) return known;
  const names = new Set<string>();
  for (const e of events) if (e.type === 'apply' && e.hook && e.phase === 'SyncFail') names.add(e.name);
  const list = [...names];
  syncFailHooks.set(events, list);
  return list;
}

const failed = (row: ResultRow) => row.hookPhase === 'Failed' || row.hookPhase === 'Error';

/**
 * Explain the frame in plain words, following the engine's tick (argocd-semantics §2.8): a wave delay
 * (§2.11), a failed task (§2.12, §2.13, §2.18), a step waiting for its running tasks (§2.8 step 4, §2.10),
 * or a finished operation (§6.1).
 */
export function explainWaiting(
  frame: Frame,
  syncFailHooks: readonly string[],
  context: { previous: boolean; interventions?: InterventionContext; selfHeals?: number } = {
    previous: true,
  },
): WaitingExplanation {
  // Asked on every animation frame while playing: the same inputs give the same explanation object, so the
  // panel is not redrawn for a frame in which nothing it shows has changed.
  const delay = frame.waveDelay;
  const inputs = [
    frame.operation,
    frame.app,
    frame.step,
    frame.results,
    frame.health,
    syncFailHooks,
    context.previous,
    context.interventions,
    interventionsPassed(frame.t, context.interventions),
    delay && `${delay.phase} ${delay.wave} ${delay.seconds} ${delay.left.toFixed(1)}`,
    context.selfHeals,
  ];
  if (last?.inputs.every((input, i) => input === inputs[i])) return last.explanation;
  const explanation = withInterventions(
    explain(frame, syncFailHooks, context.previous, context.interventions, context.selfHeals ?? 0),
    frame,
    context.interventions,
  );
  last = { inputs, explanation };
  return explanation;
}

let last: { inputs: unknown[]; explanation: WaitingExplanation } | undefined;

/**
 * Once the operation has ended, "Why did it end?" also says what the commands typed during the run did, the health
 * that follows and why nothing heals it (interventionText): the run ended on a cluster they changed.
 */
function withInterventions(
  explanation: WaitingExplanation,
  frame: Frame,
  interventions: InterventionContext | undefined,
): WaitingExplanation {
  if (!explanation.ended || !interventions) return explanation;
  const typed = interventionText(momentOfFrame(frame, interventions));
  if (!typed) return explanation;
  return { ...explanation, detail: [explanation.detail, typed].filter((d) => d !== '').join(' ') };
}

function explain(
  frame: Frame,
  syncFailHooks: readonly string[],
  previous: boolean,
  interventions: InterventionContext | undefined,
  selfHeals: number,
): WaitingExplanation {
  const op = frame.operation;
  const message = op?.message ?? '';
  const engineMessage = message.startsWith('waiting for') ? message : undefined;
  // Only a running operation waits; a finished one may keep a task Running forever (it is never refreshed).
  // The list holds only the object the engine's message names: the others it merely counts ("and N more").
  const names = op?.phase === 'Running' ? waitingNames(message) : undefined;
  const named = names
    ? frame.results.filter(
        (row) =>
          row.hookPhase === 'Running' &&
          row.group === names.group &&
          row.kind === names.kind &&
          row.name === names.name,
      )
    : [];
  const blockers = named.map((row) => blockerOf(row, frame));
  const ended = op !== undefined && op.phase !== 'Running';
  const base = { engineMessage, blockers, ended };

  if (!op) return { ...base, headline: 'The sync has not started yet.', detail: '' };

  if (frame.waveDelay && op.phase === 'Running') {
    const { phase, wave, seconds, left } = frame.waveDelay;
    return {
      ...base,
      headline: `wave delay: ${left.toFixed(1)} s left`,
      detail:
        `After ${phase} wave ${wave} the controller sleeps ARGOCD_SYNC_WAVE_DELAY (${seconds} s) so that other ` +
        'controllers can update status before health is read again.',
    };
  }

  // §2.12: the first failed task decides what happens next; SyncFail hooks are the consequence, not the cause.
  const cause = frame.results.find((row) => failed(row) && row.syncPhase !== 'SyncFail');
  if (cause && op.phase !== 'Succeeded')
    return {
      ...base,
      ...explainFailure(
        cause,
        op.phase,
        syncFailHooks,
        previous,
        frame.app?.sync,
        changed(frame, interventions),
      ),
    };

  if (op.phase === 'Succeeded' && frame.app?.sync === 'OutOfSync' && selfHeals >= 2)
    return { ...base, ...selfHealFight(selfHeals, frame.app.health) };
  if (op.phase === 'Succeeded') {
    const health = frame.app?.health;
    const detail =
      health && health !== 'Healthy'
        ? `The app is ${health} anyway: the last step does not wait for health, and health keeps being recomputed from the live objects.`
        : 'Every task ran and every object the sync waited for is Healthy.';
    return { ...base, headline: 'Nothing is waiting: the operation Succeeded.', detail };
  }
  if (op.phase === 'Failed' || op.phase === 'Error') {
    return { ...base, headline: `The operation ended ${op.phase}.`, detail: message };
  }

  if (message.startsWith('waiting for deletion of hook')) {
    return {
      ...base,
      headline: 'The old hook object is being deleted before it is created again.',
      detail: 'BeforeHookCreation: the next step starts once the old object is gone.',
    };
  }
  if (engineMessage && names && blockers.length > 0) {
    const step = frame.step ? `${frame.step.phase} wave ${frame.step.wave}` : 'The step';
    const hooks = blockers.some((b) => b.hook);
    const count = names.more + 1;
    const what = count === 1 ? '1 object' : `${count} objects`;
    // §2.1 step 4 and §2.8 step 3: results are only refreshed when the controller ticks again, so an object
    // can be Healthy already while the engine's message still names it. Say so instead of "blocked".
    const settled = blockers.every((b) => b.health === undefined || b.health === 'Healthy');
    if (settled) {
      const only = count === 1 ? 'The object it waits for is' : 'The object it names is';
      return {
        ...base,
        headline: `${step} waits for the controller's next tick.`,
        detail: `${only} Healthy now (or has no health check); the engine records that at its next tick (a change re-queues the operation after about 5 s).`,
      };
    }
    const release = hooks
      ? 'It goes on when the hook completes: Healthy means Succeeded, Degraded means the sync fails.'
      : count === 1
        ? 'It goes on when this object is Healthy; if it turns Degraded the sync fails.'
        : `It goes on when all ${count} are Healthy (the engine names the first, and counts the rest); one that turns Degraded fails the sync.`;
    return { ...base, headline: `${step} is blocked by ${what}.`, detail: release };
  }
  const step = frame.step ? ` (${frame.step.phase} wave ${frame.step.wave})` : '';
  return { ...base, headline: `The engine is applying the current step${step}.`, detail: message };
}

/**
 * An operation that Succeeded in a self-heal loop (§5.4): the app is OutOfSync again after each of self-heal's
 * syncs, because something in the cluster (an HPA's replicas in hpa-self-heal-fight) changes back what it applied.
 * "Nothing is waiting" would be true of this one operation and miss the story: the next self-heal comes after a
 * longer back-off, and neither side wins.
 */
function selfHealFight(selfHeals: number, health: string) {
  return {
    headline: `The operation Succeeded, but the fight goes on: self-heal has synced ${selfHeals} times, and the app is OutOfSync again.`,
    detail:
      `Something in the cluster changes back what self-heal applies, so each of its syncs leaves the app OutOfSync (and ${health}); ` +
      'self-heal syncs again after a back-off that grows each time (2 s, 6 s, 18 s, 54 s … up to 5 min), and neither side wins. ' +
      'It ends when Git stops setting the field, or ignoreDifferences with RespectIgnoreDifferences=true leaves it to the cluster.',
  };
}

function explainFailure(
  cause: ResultRow,
  phase: string,
  syncFailHooks: readonly string[],
  previous: boolean,
  sync: string | undefined,
  touched: boolean,
) {
  const what = cause.hookType ? `${cause.syncPhase} hook ${cause.name}` : `${cause.kind} ${cause.name}`;
  const next =
    cause.syncPhase === 'PreSync'
      ? 'Sync phase will not start'
      : cause.syncPhase === 'Sync'
        ? 'later waves will not start'
        : 'the operation fails; what the Sync phase applied stays';
  const hooks =
    syncFailHooks.length > 0
      ? `SyncFail hooks run (${syncFailHooks.join(', ')})`
      : 'there is no SyncFail hook, so the operation ends Failed';
  const detail =
    phase === 'Running'
      ? 'The operation stays Running until the SyncFail hooks complete, then it ends Failed.'
      : cause.syncPhase === 'PreSync'
        ? // §2.18: the old version keeps running only if an earlier sync left one; the app's sync status is
          // what the frame says (a hook-only change leaves it Synced, §1.7).
          // A command typed during the run may have deleted or changed what the previous sync left.
          touched && previous
          ? `Nothing of the Sync phase was applied${sync ? ` and the app is ${sync}` : ''}: the previous version stays, apart from what the commands typed during the run changed.`
          : `Nothing of the Sync phase was applied: ${previous ? 'the previous version keeps running' : 'nothing ran before this sync, so the app has no live resources'}${sync ? ` and the app is ${sync}` : ''}.`
        : cause.message;
  return { headline: `${what} failed → ${next}; ${hooks}`, detail };
}

/** Whether a command run by the cursor's moment changed a resource the app manages. */
function changed(frame: Frame, interventions: InterventionContext | undefined): boolean {
  return (interventions?.interventions ?? []).some(
    (fact) => fact.t <= frame.t && fact.objects.some((o) => o.kind !== undefined),
  );
}

function blockerOf(row: ResultRow, frame: Frame): Blocker {
  const h = frame.health.get(objectKey(row));
  return {
    kind: row.kind,
    name: row.name,
    hook: row.hookType !== '',
    health: h?.status,
    message: h?.message || row.message,
  };
}
