import type { SimEvent } from '../../engine';
import { nameOf, secondsText, type RunFacts } from '../../cursor/runFacts';
import { appliedAs } from '../../cursor/appliedAs';
import { failureText, list } from '../explain/runSummary';
import { rolloutBeat } from './rolloutBeat';
import { visitorBeat } from './visitorBeat';
import type { VisitorModel } from '../../cursor/visitorAt';
import type { PredictBeat } from './predictBeat';

export type { PredictBeat };

const NONE = 'None: the operation ends';
const RUNNING = 'It stays Running';

/**
 * The questions of predict mode for one run, computed from its events so they are right for every
 * scenario, toggle and edit: will the sync apply a Deployment (an `apply` event), which phase runs next at each
 * phase boundary (the next `step`, or the SyncFail hooks, argocd-semantics §2.13), how the operation ends, and
 * the app's sync status and health at the end (§1.7, §1.8, §6.1).
 */
export function predictBeats(
  events: readonly SimEvent[],
  facts: RunFacts,
  visitors?: VisitorModel,
): PredictBeat[] {
  const times = [...new Set(events.filter((e) => e.t >= 0).map((e) => e.t))].sort((a, b) => a - b);
  const before = (t: number) => justBefore(times, t);
  const beats: PredictBeat[] = [];
  const deployment = deploymentBeat(events, facts);
  if (deployment) beats.push(deployment);
  // A RollingSync run: will the set go on to its last step (rolloutBeat.ts)?
  const rollout = rolloutBeat(events);
  if (rollout) beats.push(rollout);
  // A run with maintenance hooks: what does a visitor see while the frontend rolls out (visitorBeat.ts)?
  const visitor = visitorBeat(events, visitors);
  if (visitor) beats.push(visitor);

  // Phase boundaries: the next step of another phase, or the SyncFail hooks a failure starts.
  const starts: { phase: string; t: number }[] = [];
  for (const [i, step] of facts.steps.entries())
    if (i > 0 && step.phase !== facts.steps[i - 1].phase) starts.push({ phase: step.phase, t: step.t });
  const syncFail = facts.syncFailHooks[0];
  if (syncFail) starts.push({ phase: 'SyncFail', t: syncFail.t });
  starts.sort((a, b) => a.t - b.t);
  let current: string | undefined = facts.steps[0]?.phase;
  for (const next of starts) {
    if (!current) break;
    const order = ['PreSync', 'Sync', 'PostSync'];
    const later = order.slice(order.indexOf(current) + 1);
    const choices = [...later, 'SyncFail', NONE].slice(0, 4);
    if (!choices.includes(next.phase)) choices[choices.length - 1] = next.phase;
    beats.push({
      id: `phase-${next.phase}-${next.t}`,
      t: before(next.t),
      question: `${current} is done or stopped. Which phase runs next?`,
      choices,
      answer: choices.indexOf(next.phase),
      explanation: phaseExplanation(next.phase, next.t, current, facts),
      moment: next.t,
    });
    current = next.phase;
  }

  const op = facts.operation;
  if (!op) return beats;
  const endAsk = facts.ended ? before(op.t) : op.t;
  // An operation that ends at t 0 (one step, applied at once) shows its end in the first frame: there is no
  // moment before it to ask how it ends, only what health does afterwards.
  const askEnd = !facts.ended || op.t > 0;
  const endChoices = ['Succeeded', 'Failed', RUNNING];
  const endAnswer = facts.ended ? (op.phase === 'Error' ? 'Failed' : op.phase) : RUNNING;
  if (askEnd)
    beats.push({
      id: 'end',
      t: endAsk,
      question: 'How does the operation end?',
      choices: endChoices,
      answer: Math.max(0, endChoices.indexOf(endAnswer)),
      explanation: endExplanation(facts),
      moment: facts.ended ? op.t : facts.runEnd,
    });
  const app = facts.appFinal;
  if (!app) return beats;
  const syncChoices = ['Synced', 'OutOfSync'];
  if (!syncChoices.includes(app.sync)) syncChoices.push(app.sync);
  if (askEnd)
    beats.push({
      id: 'sync',
      t: endAsk,
      question: 'Sync status after this?',
      choices: syncChoices,
      answer: syncChoices.indexOf(app.sync),
      explanation: syncExplanation(facts),
      moment: facts.ended ? op.t : facts.runEnd,
    });
  const healthChoices = ['Healthy', 'Progressing', 'Degraded', 'Missing'];
  if (!healthChoices.includes(app.health)) healthChoices[3] = app.health;
  beats.push({
    id: 'health',
    t: facts.ended ? op.t : endAsk,
    question: facts.ended
      ? `The operation ended ${op.phase}. Health at the end of the run, once the cluster settles?`
      : 'Health after this?',
    choices: healthChoices,
    answer: healthChoices.indexOf(app.health),
    explanation: healthExplanation(facts),
    moment: facts.healthAfter.at(-1)?.t ?? (facts.ended ? op.t : facts.runEnd),
  });
  return beats.sort((a, b) => a.t - b.t);
}

/** A moment just before `t` and after every earlier event, so the frame there does not show `t` yet. */
function justBefore(times: readonly number[], t: number): number {
  const earlier = times.filter((x) => x < t).at(-1);
  if (earlier === undefined) return Math.max(0, t - 0.05);
  return Math.max(earlier, t - 0.05, (earlier + t) / 2);
}

function deploymentBeat(events: readonly SimEvent[], facts: RunFacts): PredictBeat | undefined {
  const deployments = [...facts.managed.keys()].filter((key) => key.startsWith('Deployment/'));
  const applies = new Map<string, Extract<SimEvent, { type: 'apply' }>>();
  for (const e of events)
    if (e.type === 'apply' && e.t >= 0 && !e.hook && e.result !== 'failed' && !applies.has(nameOf(e)))
      applies.set(nameOf(e), e);
  // The most telling one: a Deployment the sync never reaches, else the last one it applies; never one applied
  // at t 0, where the question would show its own answer.
  const never = deployments.find((key) => !applies.has(key));
  const applied = deployments.filter((key) => (applies.get(key)?.t ?? 0) > 0).at(-1);
  const key = never ?? applied;
  if (!key) return undefined;
  const apply = applies.get(key);
  const decisive = apply ? apply.t : (facts.failure?.t ?? facts.operation?.t ?? facts.runEnd);
  const choices = ['Yes: the sync applies it', 'No: the sync never applies it'];
  // The apply's own words, as the terminal and the result table print them (appliedAs): an in-sync resource is
  // applied all the same, and kubectl says `unchanged` (issue 32: predict said "configured" meanwhile).
  const explanation = apply
    ? `Yes: ${key} was applied at ${secondsText(apply.t)}, in ${apply.phase} wave ${apply.wave}: kubectl printed "${apply.message}"${appliedMeaning[appliedAs(apply)] ?? ''}.`
    : `No: ${failureText(facts) ?? `the operation never got to it (${facts.operation?.message ?? ''}).`}`;
  return {
    id: `deployment-${key}`,
    t: 0,
    question: `Will this sync apply ${key}?`,
    choices,
    answer: apply ? 0 : 1,
    explanation,
    moment: decisive,
  };
}

/** What kubectl's word for an apply means for the object (appliedAs). */
const appliedMeaning: Record<string, string> = {
  created: ', so it did not exist before',
  configured: ', so its live object differed from Git and was changed',
  unchanged: ', so its live object already matched Git and nothing in it changed',
};

function phaseExplanation(phase: string, t: number, current: string, facts: RunFacts): string {
  const at = secondsText(t);
  if (phase === 'SyncFail') {
    const hooks = [...new Set(facts.syncFailHooks.map((h) => h.name))];
    const what = facts.failure ? `${nameOf(facts.failure)} failed` : 'a task failed';
    return `SyncFail: ${what} at ${at}. A failed task ends the sync, so Argo CD starts the SyncFail hook${hooks.length > 1 ? 's' : ''} ${list(hooks)} instead of what was left.`;
  }
  const step = facts.steps.find((s) => s.phase === phase && s.t === t);
  const wave = step && phase === 'Sync' ? ` wave ${step.wave}` : '';
  const why =
    current === 'PreSync'
      ? 'every PreSync hook completed'
      : current === 'Sync'
        ? 'every Sync wave was applied and Healthy'
        : `${current} completed`;
  return `${phase}: ${why}, so the engine started ${phase}${wave} at ${at}.`;
}

function endExplanation(facts: RunFacts): string {
  const op = facts.operation!;
  if (!facts.ended)
    return `It stays Running: after ${secondsText(facts.runEnd)} it is still "${op.message}". Argo CD waits for it with no time limit; only a Degraded object, a failed hook or a terminate ends it.`;
  const how = `${op.phase} at ${secondsText(op.t)}: ${op.message}.`;
  if (facts.failure) return `${how} ${failureText(facts)}`;
  const health = facts.appAtEnd?.health;
  return health && health !== 'Healthy'
    ? `${how} The app was ${health} then: the last step is not waited for.`
    : `${how} Every step completed.`;
}

function syncExplanation(facts: RunFacts): string {
  const app = facts.appFinal!;
  const out = [...facts.managed].filter(([, status]) => status !== 'Synced').map(([key]) => key);
  if (app.sync === 'OutOfSync') {
    const never = out.filter((key) => !facts.applied.has(key));
    return `OutOfSync: ${list(out.slice(0, 3))}${out.length > 3 ? ` and ${out.length - 3} more` : ''} ${out.length === 1 ? 'differs' : 'differ'} from Git${never.length > 0 ? ' — the sync never applied them' : ''}.`;
  }
  const failed = facts.operation?.phase === 'Failed' || facts.operation?.phase === 'Error';
  return failed
    ? 'Synced: every resource matches Git. The failure was a hook, and hooks are not compared, so it does not make the app OutOfSync.'
    : `${app.sync}: every resource the sync applied matches Git now.`;
}

function healthExplanation(facts: RunFacts): string {
  const app = facts.appFinal!;
  const message = app.message ? ` (${app.message})` : '';
  const changes = facts.healthAfter.map((h) => `${h.health} at ${secondsText(h.t)}`);
  const after =
    changes.length > 0
      ? ` When the operation ended it was ${facts.appAtEnd?.health}; then it turned ${list(changes)}. The last sync's result does not change.`
      : '';
  return `${app.health}${message}.${after} Health is recomputed from the live resources, apart from the sync's result.`;
}
