import type { SimEvent } from '../engine';

/** A workload or hook drawn in the stack view, by kind and name. */
export interface StackItem {
  kind: string;
  name: string;
}

/** One box of the stack view: a tier with its workloads and the hooks that serve it. */
export interface StackColumn {
  id: string;
  title: string;
  /** The tier the column stands for, when it is known. */
  tier: string | undefined;
  workloads: StackItem[];
  hooks: StackItem[];
}

/** The label (on a workload) or annotation (on a hook) that names its tier explicitly. */
export const TIER_KEY = 'sandbox.argocd.dev/tier';

/** Kinds whose pods the stack view draws. Jobs are drawn as hooks when they are hooks. */
const workloadKinds = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'Pod']);

const tierOrder = ['frontend', 'backend', 'database'];

/** Name patterns of the three classic tiers, used when a workload carries no tier label. */
const tierPatterns: [string, RegExp][] = [
  ['database', /(^|-)(db|database|postgres(ql)?|mysql|mariadb|mongo(db)?|redis|sql)(-|$)|postgres/],
  ['backend', /back|api|server|worker/],
  ['frontend', /front|web|ui(-|$)|nginx/],
];

function tierByName(name: string): string | undefined {
  return tierPatterns.find(([, pattern]) => pattern.test(name))?.[0];
}

/**
 * The boxes of the stack view for a whole run. The layout is computed once from every event, so boxes do not
 * jump while the cursor moves: a workload that does not exist yet is drawn empty.
 *
 * `tiers` maps `Kind/name` to a tier from the manifests (the `sandbox.argocd.dev/tier` label of a workload or
 * annotation of a hook). Workloads without one are placed by name (frontend, backend, database); if some
 * still fit no tier, every workload gets a box of its own. Hooks without one go to a "hooks" column.
 */
export function stackLayout(events: readonly SimEvent[], tiers: ReadonlyMap<string, string>): StackColumn[] {
  const workloads = new Map<string, StackItem>();
  const hooks = new Map<string, StackItem>();
  for (const e of events) {
    if (e.type === 'apply' && e.hook) hooks.set(`${e.kind}/${e.name}`, { kind: e.kind, name: e.name });
    else if (e.type === 'apply' && workloadKinds.has(e.kind)) workloads.set(`${e.kind}/${e.name}`, item(e));
    else if (e.type === 'pod' && e.ownerKind !== 'Job') {
      workloads.set(`${e.ownerKind}/${e.ownerName}`, { kind: e.ownerKind, name: e.ownerName });
    }
  }
  for (const key of hooks.keys()) workloads.delete(key);

  const placed = [...workloads.entries()].map(([key, w]) => ({
    w,
    tier: tiers.get(key) ?? tierByName(w.name),
  }));
  const byTier = placed.every((p) => p.tier !== undefined);
  const columns = new Map<string, StackColumn>();
  const column = (id: string, title: string, tier: string | undefined) => {
    let c = columns.get(id);
    if (!c) columns.set(id, (c = { id, title, tier, workloads: [], hooks: [] }));
    return c;
  };
  for (const { w, tier } of placed) {
    if (byTier) column(tier!, tier!, tier).workloads.push(w);
    else column(`${w.kind}/${w.name}`, w.name, tier).workloads.push(w);
  }
  for (const [key, hook] of hooks) {
    const tier = tiers.get(key);
    let target = [...columns.values()].find((c) => tier !== undefined && c.tier === tier);
    // A hook may serve a tier that has no workload in this app (a migration for an external database):
    // it still gets that tier's box, so it stands where the audience expects it.
    if (!target && tier !== undefined && byTier) target = column(tier, tier, tier);
    (target ?? column('hooks', 'hooks', undefined)).hooks.push(hook);
  }
  return sortColumns([...columns.values()]);
}

/** The three classic tiers first, in stack order, then other boxes as they came, the hooks column last. */
function sortColumns(columns: StackColumn[]): StackColumn[] {
  const rank = (c: StackColumn) => {
    if (c.id === 'hooks') return tierOrder.length + 1;
    const i = tierOrder.indexOf(c.id);
    return i < 0 ? tierOrder.length : i;
  };
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

function item(e: { kind: string; name: string }): StackItem {
  return { kind: e.kind, name: e.name };
}
