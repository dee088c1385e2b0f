import type { Frame, HookMark, PodMark } from './frameAt';
import type { StackColumn, StackItem } from './stackLayout';

/** The pods of one workload that run one image: during a rolling update old and new stand side by side. */
export interface PodVersion {
  image: string;
  /** The image tag (`6.7.1`), or the whole image when it has none. */
  tag: string;
  pods: PodMark[];
}

export interface WorkloadView extends StackItem {
  versions: PodVersion[];
  health: string | undefined;
  healthMessage: string;
}

export interface HookView extends StackItem {
  hook: HookMark;
  pods: PodMark[];
}

export interface ColumnView {
  id: string;
  title: string;
  workloads: WorkloadView[];
  hooks: HookView[];
}

type Health = Frame['health'] extends ReadonlyMap<string, infer H> ? H : never;

/** What the previous call for a layout was given and made, so that an unchanged frame changes nothing. */
interface Memo {
  pods: Frame['pods'];
  health: Frame['health'];
  hooks: Frame['hooks'];
  views: ColumnView[];
  workloads: Map<string, { health: Health | undefined; pods: PodMark[]; view: WorkloadView }>;
}

const memos = new WeakMap<readonly StackColumn[], Memo>();

/**
 * Fill the stack layout with the pods, health and hooks of one frame.
 *
 * Called on every animation frame while playing: a frame whose pods, health and hooks are those of the
 * previous call returns the previous views, and a workload whose health and pods did not change keeps its
 * view, so the page redraws only the boxes that changed.
 */
export function stackAt(columns: readonly StackColumn[], frame: Frame): ColumnView[] {
  const memo = memos.get(columns);
  if (memo && memo.pods === frame.pods && memo.health === frame.health && memo.hooks === frame.hooks) {
    return memo.views;
  }
  const podsByOwner = new Map<string, PodMark[]>();
  for (const pod of frame.pods) {
    const key = `${pod.ownerKind}/${pod.ownerName}`;
    const list = podsByOwner.get(key);
    if (list) list.push(pod);
    else podsByOwner.set(key, [pod]);
  }
  // The first object of that kind and name in the health map, whatever its group and namespace.
  const healthByName = new Map<string, Health>();
  for (const [key, h] of frame.health) {
    const [, kind, , name] = key.split('/');
    if (!healthByName.has(`${kind}/${name}`)) healthByName.set(`${kind}/${name}`, h);
  }
  const workloads = new Map<string, { health: Health | undefined; pods: PodMark[]; view: WorkloadView }>();
  const workloadView = (w: StackItem): WorkloadView => {
    const key = `${w.kind}/${w.name}`;
    const h = healthByName.get(key);
    const pods = podsByOwner.get(key) ?? [];
    const previous = memo?.workloads.get(key);
    const view =
      previous && previous.health === h && sameItems(previous.pods, pods)
        ? previous.view
        : { ...w, versions: versionsOf(pods), health: h?.status, healthMessage: h?.message ?? '' };
    workloads.set(key, { health: h, pods, view });
    return view;
  };
  const views = columns.map((c, i): ColumnView => {
    const view = {
      id: c.id,
      title: c.title,
      workloads: c.workloads.map(workloadView),
      hooks: c.hooks.flatMap((item) => {
        const hook = frame.hooks.find((h) => h.kind === item.kind && h.name === item.name);
        return hook ? [{ ...item, hook, pods: podsByOwner.get(`${item.kind}/${item.name}`) ?? [] }] : [];
      }),
    };
    const previous = memo?.views[i];
    const unchanged =
      previous &&
      sameItems(previous.workloads, view.workloads) &&
      previous.hooks.length === view.hooks.length &&
      previous.hooks.every((h, j) => h.hook === view.hooks[j].hook && sameItems(h.pods, view.hooks[j].pods));
    return unchanged ? previous : view;
  });
  const result = memo && sameItems(memo.views, views) ? memo.views : views;
  memos.set(columns, {
    pods: frame.pods,
    health: frame.health,
    hooks: frame.hooks,
    views: result,
    workloads,
  });
  return result;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Group pods by image, in the order the images first appear, so the old version stays on the left. */
export function versionsOf(pods: readonly PodMark[]): PodVersion[] {
  const versions = new Map<string, PodVersion>();
  for (const pod of pods) {
    let v = versions.get(pod.image);
    if (!v) versions.set(pod.image, (v = { image: pod.image, tag: tagOf(pod.image), pods: [] }));
    v.pods.push(pod);
  }
  return [...versions.values()];
}

function tagOf(image: string): string {
  const slash = image.lastIndexOf('/');
  const colon = image.indexOf(':', slash + 1);
  return colon < 0 ? image : image.slice(colon + 1);
}
