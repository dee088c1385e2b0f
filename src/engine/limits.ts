import { InputError, type InputPosition } from './inputError';
import type { KubeObject, SourcePosition } from './types';

/**
 * The documented limits of one simulation (README "Limits"). They keep a hostile or mistaken input from running
 * for minutes or exhausting memory (53,000 ConfigMaps took 37 s and 960 MB). A run that would go past
 * one is refused, or ended, with an InputError naming the limit, so the CLI exits 2 and the page shows it.
 */
export const limits = {
  /**
   * Objects in one run's input: the desired objects, every history revision's and the live ones; in a run of
   * several Applications, the Argo CD objects, the Applications an ApplicationSet will generate, every revision of
   * the repository (the first and each commit's) and every object a `kubectl-apply` action applies.
   */
  maxInputObjects: 5_000,
  /**
   * Applications in one run of several Applications: those given, those in the repository (an app of apps) and
   * those ApplicationSets generate (one per list element). Each is reconciled on its own; 1,000 took over 120 s.
   */
  maxApplications: 200,
  /** `spec.replicas` of one workload, and a Job's `parallelism` and `completions`. */
  maxReplicas: 1_000,
  /** Objects in the simulated cluster at any one time (pods, ReplicaSets, events of controllers included). */
  maxObjects: 20_000,
  /** Pods in the simulated cluster at any one time. */
  maxPods: 5_000,
  /** Entries of the event log. */
  maxEvents: 200_000,
  /** The latest virtual time a run may reach (`--until`), in seconds: one simulated day. */
  maxVirtualSeconds: 86_400,
  /**
   * Reconciles of one ApplicationSet in one virtual instant. Argo CD's controllers converge because real time moves
   * on; a run that keeps reconciling without the clock moving is a livelock the simulator ends with this message
   * rather than at the event limit, minutes later.
   */
  maxReconcilesPerInstant: 1_000,
} as const;

/**
 * The fields a limit names (`spec.replicas` of a workload, a Job's `parallelism` and `completions`). The input
 * readers record where each was written (SourcePosition `fields`), so a refusal points at the field's line and
 * column rather than at the object's first line.
 */
export const positionedFields = ['spec.replicas', 'spec.parallelism', 'spec.completions'] as const;

/** Where a limit that is not any one object's fault is reported. */
export const nowhere: InputPosition = { file: '<simulation>', line: 1, column: 1 };

/** Throws an InputError at the first place the input itself goes past a limit, before anything is simulated. */
export function checkInputLimits(input: {
  desired: readonly KubeObject[];
  positions?: readonly (SourcePosition | undefined)[];
  history?: readonly (readonly KubeObject[])[];
  live?: readonly KubeObject[];
  untilSeconds?: number;
  waveDelaySeconds?: number;
  seed?: number;
}): void {
  const first = input.positions?.[0];
  const total =
    input.desired.length +
    (input.live?.length ?? 0) +
    (input.history ?? []).reduce((sum, revision) => sum + revision.length, 0);
  if (total > limits.maxInputObjects)
    throw new InputError(
      `${total} objects is over the limit of ${limits.maxInputObjects} objects in one run`,
      first ? { ...first, line: 1, column: 1 } : nowhere,
    );
  checkRunSettings(input);
  checkReplicaLimits(input.desired, input.positions);
}

/**
 * Throws an InputError at the first workload whose `spec.replicas` (or a Job's `parallelism`, `completions`) is
 * over the limit, pointing at that field when the reader recorded where it was written.
 */
export function checkReplicaLimits(
  objects: readonly KubeObject[],
  positions?: readonly (SourcePosition | undefined)[],
): void {
  objects.forEach((obj, i) => {
    const over = tooManyReplicas(obj);
    if (!over) return;
    const position = positions?.[i];
    throw new InputError(
      `${obj.kind}/${obj.metadata?.name}: ${over.field}: ${over.value} is over the limit of ${limits.maxReplicas} replicas per workload`,
      position?.fields?.[over.field] ?? position ?? nowhere,
    );
  });
}

/**
 * Refuses a run length or a wave delay past one simulated day, and a seed that is not a 32-bit whole number, for
 * every way into the engine (the CLI and scenario files check them at their own positions first; this guards the
 * page's settings and runs of several Applications, which had no bound).
 */
export function checkRunSettings(input: {
  untilSeconds?: number;
  waveDelaySeconds?: number;
  seed?: number;
  manifestGenerationSeconds?: number;
}): void {
  for (const [name, value] of [
    ['a run may last', input.untilSeconds],
    ['a wave delay may be', input.waveDelaySeconds],
    ['manifest generation may take', input.manifestGenerationSeconds],
  ] as const) {
    if (value !== undefined && !(value >= 0 && value <= limits.maxVirtualSeconds))
      throw new InputError(
        `${name} at most ${limits.maxVirtualSeconds} virtual seconds, not ${value}`,
        nowhere,
      );
  }
  const seed = input.seed;
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff))
    throw new InputError(`the seed must be a whole number from 0 to 4294967295, not ${seed}`, nowhere);
}

/** The first replica-like field of a workload over the limit, as `spec.replicas` and 100000, or undefined. */
function tooManyReplicas(obj: KubeObject): { field: string; value: number } | undefined {
  const spec = (obj.spec ?? {}) as Record<string, unknown>;
  for (let i = 0; i < positionedFields.length; i++) {
    const value = spec[specKeys[i]];
    if (typeof value === 'number' && value > limits.maxReplicas) return { field: positionedFields[i], value };
  }
  return undefined;
}

/** `positionedFields` without `spec.`, cut once rather than for every field of every object checked. */
const specKeys = positionedFields.map((field) => field.slice('spec.'.length));

/** Where a limit hit while running is reported: the input's file, and the object most to blame when known. */
export interface RunLimitsOptions {
  /** The input's own place (its first file, line 1), for limits that are not one object's fault. */
  at?: InputPosition;
  /** The position of a desired object by kind and name, to point at the workload whose pods went past the limit. */
  positionOf?: (kind: string, name: string) => InputPosition | undefined;
}

/**
 * Watches a running simulation's size. `count` follows the object store's watch events; `check` throws once
 * the cluster or the event log has grown past a limit, and is called between two instants of the clock.
 */
export class RunLimits {
  private objects = 0;
  private pods = 0;
  /** Live pods per controlling owner (`Kind/name`), so a pod limit can name the workload behind it. */
  private readonly podsByOwner = new Map<string, number>();

  constructor(private readonly options: RunLimitsOptions = {}) {}

  count(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KubeObject): void {
    const delta = type === 'ADDED' ? 1 : type === 'DELETED' ? -1 : 0;
    this.objects += delta;
    if (obj.kind === 'Pod' && obj.apiVersion === 'v1' && delta !== 0) {
      this.pods += delta;
      const owner =
        obj.metadata.ownerReferences?.find((o) => o.controller) ?? obj.metadata.ownerReferences?.[0];
      if (owner) {
        const key = `${owner.kind}/${owner.name}`;
        this.podsByOwner.set(key, (this.podsByOwner.get(key) ?? 0) + delta);
      }
    }
  }

  check(events: number, atSeconds: number): void {
    // Called after every clock step: the common case returns before making the message closure.
    if (this.pods <= limits.maxPods && this.objects <= limits.maxObjects && events <= limits.maxEvents)
      return;
    const where = this.options.at ?? nowhere;
    const over = (what: string, limit: number, at = where, detail = '') =>
      new InputError(`the run was stopped at t=${atSeconds}s: more than ${limit} ${what}${detail}`, at);
    if (this.pods > limits.maxPods) {
      const blamed = this.mostPods();
      throw over(
        'pods in the cluster',
        limits.maxPods,
        blamed?.position ?? where,
        blamed ? `; ${blamed.count} of them belong to ${blamed.owner}` : '',
      );
    }
    if (this.objects > limits.maxObjects) throw over('objects in the cluster', limits.maxObjects);
    if (events > limits.maxEvents) throw over('events in the log', limits.maxEvents);
  }

  /**
   * The owner with the most live pods, and where the user wrote it. A Deployment's pods belong to its ReplicaSet,
   * which the Deployment controller names `<deployment>-<pod-template-hash>`, so that name leads back to the file.
   */
  private mostPods(): { owner: string; count: number; position?: InputPosition } | undefined {
    let best: [string, number] | undefined;
    for (const entry of this.podsByOwner) if (!best || entry[1] > best[1]) best = entry;
    if (!best) return undefined;
    const [owner, count] = best;
    const [kind, name] = owner.split('/');
    const positionOf = this.options.positionOf ?? (() => undefined);
    const own = positionOf(kind, name);
    if (own || kind !== 'ReplicaSet') return { owner, count, position: own };
    const deployment = name.replace(/-[^-]+$/, '');
    const position = positionOf('Deployment', deployment);
    return position ? { owner: `Deployment/${deployment}`, count, position } : { owner, count };
  }
}
