import type { SimEvent } from '../../engine';
import { appNamesOf } from './appLog';

/** One Application of a run and where it sits in the app of apps. */
export interface AppNode {
  name: string;
  /** The Application whose sync applied this one (app of apps), if any. */
  parent: string | undefined;
  /** The Applications this one applied, in the order they are drawn (wave, then name). */
  children: string[];
  /** The parent's sync wave this Application was applied in. */
  wave: number | undefined;
  /** The ApplicationSet that reports on it (progressive syncs), if any, and its RollingSync step there. */
  appSet: string | undefined;
  step: string | undefined;
  /** When it first shows in the run: applied by its parent, or its first event. */
  createdAt: number;
  /** Nesting depth: 0 for a root. */
  depth: number;
}

const cache = new WeakMap<readonly SimEvent[], AppNode[]>();

/**
 * The Applications of a run as a tree, flattened parent first: roots in name order, each followed by its
 * children in (wave, name) order, so that the lanes read in the order the parent's waves run. Parent → child
 * comes from the parent's `apply` events of kind `Application` (argocd-semantics.md §5.2).
 */
export function applicationsOf(events: readonly SimEvent[]): AppNode[] {
  const known = cache.get(events);
  if (known) return known;
  const nodes = new Map<string, AppNode>();
  for (const name of appNamesOf(events))
    nodes.set(name, {
      name,
      parent: undefined,
      children: [],
      wave: undefined,
      appSet: undefined,
      step: undefined,
      createdAt: Infinity,
      depth: 0,
    });
  for (const e of events) {
    const own = e.app !== undefined ? nodes.get(e.app) : undefined;
    if (own && e.t < own.createdAt) own.createdAt = e.t;
    if (e.type === 'apply' && e.kind === 'Application' && e.group === 'argoproj.io' && e.app) {
      const child = nodes.get(e.name);
      if (child && child.parent === undefined && e.name !== e.app) {
        child.parent = e.app;
        child.wave = e.wave;
        child.createdAt = Math.min(child.createdAt, e.t);
      }
    }
    if (e.type === 'appset-status') {
      const node = nodes.get(e.app);
      if (node) {
        node.appSet ??= e.appset;
        if (node.appSet === e.appset) node.step = e.step;
        node.createdAt = Math.min(node.createdAt, e.t);
      }
    }
  }
  for (const node of nodes.values()) if (node.parent) nodes.get(node.parent)?.children.push(node.name);
  const byWave = (a: string, b: string) =>
    (nodes.get(a)!.wave ?? 0) - (nodes.get(b)!.wave ?? 0) || (a < b ? -1 : a > b ? 1 : 0);
  const out: AppNode[] = [];
  const visit = (node: AppNode, depth: number) => {
    if (out.includes(node)) return;
    node.depth = depth;
    node.children.sort(byWave);
    out.push(node);
    for (const name of node.children) visit(nodes.get(name)!, depth + 1);
  };
  // Roots by name, except that the Applications of one ApplicationSet follow its rollout steps. A parent that
  // is its own descendant (a loop) is not a root; its Applications are then listed as roots.
  const roots = [...nodes.values()].filter((n) => !n.parent).sort(byRollout);
  for (const node of roots) visit(node, 0);
  for (const node of nodes.values()) visit(node, 0);
  for (const node of out) if (!Number.isFinite(node.createdAt)) node.createdAt = 0;
  cache.set(events, out);
  return out;
}

/** Apps of the same ApplicationSet in step order (`-1`, in no step, last); otherwise name order is kept. */
function byRollout(a: AppNode, b: AppNode): number {
  if (!a.appSet || a.appSet !== b.appSet) return 0;
  return stepRank(a.step) - stepRank(b.step);
}

export function stepRank(step: string | undefined): number {
  const n = Number(step);
  return step === undefined || !Number.isFinite(n) || n < 0 ? Number.MAX_SAFE_INTEGER : n;
}
