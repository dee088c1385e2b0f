import type { SimEvent } from '../../engine';
import { secondsText } from '../../cursor/runFacts';
import type { PredictBeat } from './predictBeat';

/** A predict beat (predictBeat.ts). */
export type RolloutBeat = PredictBeat;

/**
 * The predict question of a RollingSync run (argocd-semantics.md §5.1, §5.13): just before the step before the last
 * decides (its first Application turns Healthy or Degraded), will the set go on to the last step? From the run's
 * `appset-status` and `app-operation` events, so it is right for every toggle: environments-promotion asks it of
 * shop-prod while staging's backend crash-loops, and answers Yes once the fix is switched on.
 */
export function rolloutBeat(events: readonly SimEvent[]): RolloutBeat | undefined {
  const stepOf = new Map<string, number>();
  for (const e of events) if (e.type === 'appset-status') stepOf.set(e.app, Number(e.step));
  const steps = [...new Set(stepOf.values())].sort((a, b) => a - b);
  if (steps.length < 2) return undefined;
  const last = steps.at(-1)!;
  const before = steps.at(-2)!;
  const target = [...stepOf]
    .filter(([, s]) => s === last)
    .map(([app]) => app)
    .sort()[0];
  const previous = new Set([...stepOf].filter(([, s]) => s === before).map(([app]) => app));
  const started = (app: string) => events.find((e) => e.type === 'app-operation' && e.app === app)?.t;
  const startedBefore = [...previous].map(started).filter((t): t is number => t !== undefined);
  if (startedBefore.length === 0) return undefined;
  const from = Math.min(...startedBefore);
  const decides = events.find(
    (e) =>
      e.type === 'app' &&
      e.app !== undefined &&
      previous.has(e.app) &&
      e.t > from &&
      (e.health === 'Healthy' || e.health === 'Degraded'),
  );
  if (!decides || decides.type !== 'app') return undefined;
  const times = events.map((e) => e.t).filter((t) => t < decides.t);
  const ask = Math.max(times.at(-1) ?? 0, decides.t - 0.05);
  const synced = started(target);
  const prev = decides.app!;
  return {
    id: `rollout-${target}`,
    t: ask,
    question: `${prev} (step ${before}) is about to settle. Will the ApplicationSet go on to sync ${target} (step ${last})?`,
    choices: [`Yes: ${target} is synced next`, `No: ${target} stays Waiting`],
    answer: synced !== undefined ? 0 : 1,
    explanation:
      synced !== undefined
        ? `Yes: ${prev} turned Healthy at ${secondsText(decides.t)}, so step ${last} opened and ${target} was synced at ${secondsText(synced)}.`
        : `No: ${prev} turned ${decides.health}. A RollingSync step starts only when every Application of the steps before it is Healthy, so ${target} stays Waiting, OutOfSync and Missing.`,
    moment: decides.t,
  };
}
