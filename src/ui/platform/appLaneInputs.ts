import type { SimEvent } from '../../engine';
import type { AppLaneInput, LaneCluster, SpanInput } from '../../timeline/appLanes/types';
import { groupLanesByCluster } from './appLaneClusters';
import { appLanesOf } from './appLanesOf';
import { appSetRolloutsOf } from './appSetSteps';
import { parentWavesOf } from './parentWaves';

/**
 * What the app lanes drawing is given, from the run: one lane per Application and the spans over them, each
 * parent's (phase, wave) steps that applied child Applications and each ApplicationSet's rollout steps. With
 * `destinations` (several clusters, destinationClusters.ts) the lanes are grouped by cluster (appLaneClusters.ts).
 */
export function appLaneInputs(
  events: readonly SimEvent[],
  endT: number,
  destinations?: ReadonlyMap<string, LaneCluster>,
): { apps: AppLaneInput[]; spans: SpanInput[] } {
  const lanes = appLanesOf(events, endT).map((lane) => ({
    name: lane.node.name,
    depth: lane.node.depth,
    createdAt: lane.node.createdAt,
    bars: { operation: lane.operation, sync: lane.sync, health: lane.health, rollout: lane.rollout },
    operations: lane.operations,
  }));
  const apps = groupLanesByCluster(lanes, destinations);
  const waves: SpanInput[] = parentWavesOf(events, endT)
    .filter((w) => w.children.length > 0)
    .map((w) => ({
      key: `wave:${w.parent}:${w.phase}:${w.wave}:${w.t0}`,
      kind: 'wave',
      label: `${w.parent} ${w.phase === 'Sync' ? '' : `${w.phase} `}wave ${w.wave}`,
      t0: w.t0,
      t1: w.t1,
      apps: w.children,
    }));
  const steps: SpanInput[] = appSetRolloutsOf(events).flatMap((set) =>
    set.steps
      .filter((s) => s.started !== undefined && s.step !== '-1')
      .map((s) => ({
        key: `step:${set.name}:${s.step}`,
        kind: 'step' as const,
        label: `${set.name} step ${s.step}`,
        t0: s.started!,
        t1: s.done,
        apps: s.apps,
      })),
  );
  return { apps, spans: [...waves, ...steps] };
}
