import type { AppSetStatusEvent, SimEvent } from '../../engine';
import { stepRank } from './applicationsOf';

/** One RollingSync step of an ApplicationSet over time (argocd-semantics.md §5.1). */
export interface RolloutStep {
  appSet: string;
  /** The step as the set reports it: `1`, `2`, … (`-1`: in no step, never synced by the set). */
  step: string;
  apps: string[];
  /** When the first of its apps left Waiting (was moved to Pending), if one did. */
  started: number | undefined;
  /** When the last of its apps became Healthy, if all did. */
  done: number | undefined;
}

export interface AppSetRollout {
  name: string;
  steps: RolloutStep[];
}

type Status = AppSetStatusEvent['status'];

/**
 * Each ApplicationSet's rollout: its steps in order, with the apps in each, when the step started and when
 * it was done, from the `appset-status` events alone. A step starts only when every app of the step before is
 * Healthy (§5.1), which is what the bands on the page show.
 */
export function appSetRolloutsOf(events: readonly SimEvent[]): AppSetRollout[] {
  const sets = new Map<string, Map<string, RolloutStep>>();
  // The current status of each app, per set, to tell when a step's apps are all Healthy.
  const status = new Map<string, Map<string, Status>>();
  for (const e of events) {
    if (e.type !== 'appset-status') continue;
    let steps = sets.get(e.appset);
    if (!steps) sets.set(e.appset, (steps = new Map()));
    let current = status.get(e.appset);
    if (!current) status.set(e.appset, (current = new Map()));
    let step = steps.get(e.step);
    if (!step)
      steps.set(
        e.step,
        (step = { appSet: e.appset, step: e.step, apps: [], started: undefined, done: undefined }),
      );
    // An app whose labels change moves to another step: it leaves the one it was in.
    for (const other of steps.values())
      if (other !== step && other.apps.includes(e.app)) other.apps = other.apps.filter((a) => a !== e.app);
    if (!step.apps.includes(e.app)) step.apps = [...step.apps, e.app].sort();
    current.set(e.app, e.status);
    if (e.status !== 'Waiting') step.started ??= e.t;
    const allHealthy = step.apps.every((app) => current.get(app) === 'Healthy');
    step.done = allHealthy ? (step.done ?? e.t) : undefined;
  }
  return [...sets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, steps]) => ({
      name,
      steps: [...steps.values()]
        .filter((s) => s.apps.length > 0)
        .sort((a, b) => stepRank(a.step) - stepRank(b.step)),
    }));
}
