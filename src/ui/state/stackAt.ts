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

/** Fill the stack layout with the pods, health and hooks of one frame. */
export function stackAt(columns: readonly StackColumn[], frame: Frame): ColumnView[] {
  const podsOf = (kind: string, name: string) =>
    frame.pods.filter((p) => p.ownerKind === kind && p.ownerName === name);
  const healthOf = (kind: string, name: string) => {
    for (const [key, h] of frame.health) {
      const [, k, , n] = key.split('/');
      if (k === kind && n === name) return h;
    }
    return undefined;
  };
  return columns.map((c) => ({
    id: c.id,
    title: c.title,
    workloads: c.workloads.map((w) => {
      const h = healthOf(w.kind, w.name);
      return {
        ...w,
        versions: versionsOf(podsOf(w.kind, w.name)),
        health: h?.status,
        healthMessage: h?.message ?? '',
      };
    }),
    hooks: c.hooks.flatMap((item) => {
      const hook = frame.hooks.find((h) => h.kind === item.kind && h.name === item.name);
      return hook ? [{ ...item, hook, pods: podsOf(item.kind, item.name) }] : [];
    }),
  }));
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
