import type { KubeObject, SimEvent } from '../engine';
import type { Frame } from './frame';
import { secondsText } from './runFacts';
import { MAINTENANCE_KEY } from '../scenarios/validateMaintenancePage';
import type { StackColumn, StackItem } from './stackLayout';

/**
 * What a visitor of the site sees at the cursor, for a scenario that puts a maintenance page up and down with
 * hooks (scenarios/maintenance-page.yaml).
 *
 * A real maintenance hook is a Job that points the ingress at a maintenance backend, or back at the app. The
 * fake cluster runs no kubectl, so the switch is read from the Jobs themselves: a hook Job annotated
 * `sandbox.argocd.dev/maintenance-page: up` (or `down`) turns the route when it completes, that is when its
 * health becomes Healthy (gitops-engine health_job.go: a Job is Healthy once it has its Complete condition), the moment
 * Argo CD's sync moves on to the next wave. With the route on the app, a visitor is served by the Ready pods of
 * the frontend tier's workloads: the old version, the new one, both during a rolling update, or none (an error).
 */

export type VisitorSees = 'maintenance' | 'old' | 'new' | 'mixed' | 'nothing';

export interface Visitor {
  sees: VisitorSees;
  /** One sentence, for the stack view. */
  text: string;
}

/** The run's route switches and the workloads that serve visitors, computed once per run. */
export interface VisitorModel {
  /** Each completion of a maintenance hook, in time order: the route from then on. */
  switches: { t: number; to: 'up' | 'down'; hook: string }[];
  /** The workloads of the frontend tier (Kind/name). */
  frontend: Set<string>;
  /** The image each frontend workload has in the synced revision: its pods of another image are the old site. */
  targetImages: Map<string, string>;
  /** A maintenance annotation whose value is neither up nor down: said instead of a guess. */
  problem?: string;
}

/**
 * The maintenance hooks the manifests declare, as `Job/name` → up or down. A value other than up or down is
 * returned as a problem, so the page can say so rather than ignore it.
 */
export function maintenanceHooksOf(objects: readonly KubeObject[]): {
  hooks: Map<string, 'up' | 'down'>;
  problem?: string;
} {
  const hooks = new Map<string, 'up' | 'down'>();
  for (const o of objects) {
    const value = o.metadata?.annotations?.[MAINTENANCE_KEY];
    if (value === undefined) continue;
    const name = `${o.kind}/${o.metadata?.name ?? ''}`;
    if (value !== 'up' && value !== 'down')
      return {
        hooks,
        problem: `${name}: ${MAINTENANCE_KEY} must be up or down, not ${JSON.stringify(value)}`,
      };
    hooks.set(name, value);
  }
  return { hooks };
}

/**
 * The visitor model of a run, or undefined when its manifests declare no maintenance hook (the stack view then
 * says nothing of visitors). `objects` are the synced revision's manifests, the last revision last.
 */
export function visitorModelOf(
  events: readonly SimEvent[],
  columns: readonly StackColumn[],
  objects: readonly KubeObject[],
): VisitorModel | undefined {
  const { hooks, problem } = maintenanceHooksOf(objects);
  if (hooks.size === 0 && problem === undefined) return undefined;
  const switches: VisitorModel['switches'] = [];
  for (const e of events) {
    if (e.type !== 'health' || e.status !== 'Healthy') continue;
    const key = `${e.kind}/${e.name}`;
    const to = hooks.get(key);
    if (to && switches.at(-1)?.to !== to) switches.push({ t: e.t, to, hook: e.name });
  }
  const frontend = new Set(
    columns
      .filter((c) => c.tier === 'frontend')
      .flatMap((c) => c.workloads.map((w: StackItem) => `${w.kind}/${w.name}`)),
  );
  const targetImages = new Map<string, string>();
  for (const o of objects) {
    const key = `${o.kind}/${o.metadata?.name ?? ''}`;
    const spec = o.spec as { template?: { spec?: { containers?: { image?: string }[] } } } | undefined;
    const image = spec?.template?.spec?.containers?.[0]?.image;
    if (frontend.has(key) && typeof image === 'string') targetImages.set(key, image);
  }
  return { switches, frontend, targetImages, ...(problem !== undefined ? { problem } : {}) };
}

/** What a visitor sees at the frame's time. */
export function visitorAt(model: VisitorModel, frame: Frame): Visitor {
  if (model.problem !== undefined) return { sees: 'nothing', text: model.problem };
  const last = lastSwitchAt(model.switches, frame.t);
  if (last?.to === 'up')
    return {
      sees: 'maintenance',
      text: `The maintenance page (${last.hook} put it up at ${secondsText(last.t)}).`,
    };
  const old = new Set<string>();
  const fresh = new Set<string>();
  for (const pod of frame.pods) {
    const key = `${pod.ownerKind}/${pod.ownerName}`;
    // A terminating pod is taken out of the Service's endpoints at once, Ready or not.
    if (!pod.ready || pod.state === 'Terminating' || !model.frontend.has(key)) continue;
    (model.targetImages.get(key) === pod.image ? fresh : old).add(tagOf(pod.image));
  }
  const list = (tags: Set<string>) => [...tags].sort().join(', ');
  if (old.size > 0 && fresh.size > 0)
    return {
      sees: 'mixed',
      text: `Old and new pages, request by request: the old frontend ${list(old)} and the new ${list(fresh)}.`,
    };
  if (fresh.size > 0) return { sees: 'new', text: `The new frontend, ${list(fresh)}.` };
  if (old.size > 0) return { sees: 'old', text: `The old frontend, ${list(old)}.` };
  return { sees: 'nothing', text: 'An error page: no frontend pod is Ready to serve (503).' };
}

/** The last switch at or before `t` (the switches are in time order). */
function lastSwitchAt(
  switches: VisitorModel['switches'],
  t: number,
): VisitorModel['switches'][number] | undefined {
  let lo = 0;
  let hi = switches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (switches[mid].t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? switches[lo - 1] : undefined;
}

function tagOf(image: string): string {
  const slash = image.lastIndexOf('/');
  const colon = image.indexOf(':', slash + 1);
  return colon < 0 ? image : image.slice(colon + 1);
}
