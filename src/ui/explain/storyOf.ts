import type { TimedStoryBeat } from '../../scenarios/storyBeat';
import type { RunFacts } from '../../cursor/runFacts';
import type { SyncPolicyFact } from '../../cursor/interventionFacts';
import { interventionText, momentOfFacts } from '../../cursor/interventionText';
import { appText, failureText, list, manualPolicy, operationText, stepsText } from './runSummary';

/**
 * The story of a run, beat by beat at the moments the events put them, for a run that is not the scenario's own
 * (a toggle, another wave delay, an edit): the scenario's hand-written beats would tell another run.
 */
export function storyOf(facts: RunFacts, policy: SyncPolicyFact = manualPolicy): TimedStoryBeat[] {
  const beats: TimedStoryBeat[] = [];
  // The commands typed during the run, told where the first one ran, with the state they leave at the end.
  const typed = facts.interventions[0];
  if (typed)
    beats.push({
      title: facts.interventions.length > 1 ? 'Interventions' : 'Intervention',
      text: interventionText(momentOfFacts(facts, policy)),
      at: typed.t,
    });
  const failure = facts.failure;
  if (facts.previous) {
    const images = [...facts.imagesBefore].slice(0, 2).map(([owner, image]) => `${owner} runs ${image}`);
    beats.push({
      title: 'Before',
      text: `The last sync's version is running${images.length ? ` (${list(images)})` : ''}; Git now has another revision.`,
      at: 0,
    });
  }
  const first = (phase: string) => facts.steps.find((s) => s.phase === phase);
  const pre = first('PreSync');
  if (pre) {
    const hooks = facts.hooks.get('PreSync') ?? [];
    beats.push({
      title: 'PreSync',
      text: `${list(hooks) || 'The PreSync hooks'} ${hooks.length > 1 ? 'run' : 'runs'} first and alone; the Sync phase starts only when ${hooks.length > 1 ? 'they complete' : 'it completes'}.`,
      at: pre.t,
    });
  }
  const sync = facts.steps.filter((s) => s.phase === 'Sync');
  if (sync.length > 0) {
    const delay = facts.waveDelay !== undefined ? ` and the ${facts.waveDelay} s wave delay has passed` : '';
    // The last step is not waited for (argocd-semantics §6.3): the operation ends in the tick that applied it.
    const last = facts.steps.at(-1)!;
    const notAwaited = facts.ended && last.phase === 'Sync' && facts.operation!.t === last.t && !failure;
    const text =
      sync.length > 1
        ? `${stepsText(sync)}: each wave starts once the one before is Healthy${delay}.${notAwaited ? ' The last wave is not waited for.' : ''}`
        : notAwaited
          ? 'One Sync step, the last of the operation: it is applied and not waited for.'
          : 'One Sync step: applied, then waited for, because something comes after it.';
    beats.push({ title: 'Sync', text, at: sync[0].t });
  }
  const post = first('PostSync');
  if (post && (!failure || failure.t >= post.t)) {
    const hooks = facts.hooks.get('PostSync') ?? [];
    beats.push({
      title: 'PostSync',
      text: `Every Sync wave is Healthy, so ${list(hooks) || 'the PostSync hooks'} ${hooks.length > 1 ? 'run' : 'runs'}.`,
      at: post.t,
    });
  }
  if (failure) {
    beats.push({ title: 'Failure', text: failureText(facts) ?? '', at: failure.t });
    const hooks = [...new Set(facts.syncFailHooks.map((h) => h.name))];
    if (hooks.length > 0)
      beats.push({
        title: 'SyncFail',
        text: `A task failed, so Argo CD runs the SyncFail hook${hooks.length > 1 ? 's' : ''} ${list(hooks)}.`,
        at: facts.syncFailHooks[0].t,
      });
  }
  const op = facts.operation;
  if (op) {
    const at = facts.ended ? op.t : facts.runEnd;
    beats.push({
      title: facts.ended ? `Operation ${op.phase}` : 'Still running',
      text: operationText(facts),
      at,
    });
  }
  const app = facts.appFinal;
  if (app) {
    const last = facts.healthAfter.at(-1);
    const at = last ? last.t : facts.ended ? (op?.t ?? 0) : facts.runEnd;
    beats.push({ title: 'After', text: appText(facts), at });
  }
  // In time order; beats at the same moment keep the order they were told in.
  return beats
    .filter((b) => b.text !== '')
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (x.b.at ?? 0) - (y.b.at ?? 0) || x.i - y.i)
    .map(({ b }) => b);
}
