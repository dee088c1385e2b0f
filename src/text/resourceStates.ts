/**
 * How `argocd app get` lists an app's resources (argo-cd `cmd/argocd/commands/app.go`, `getResourceStates`),
 * shared by the CLI's text (src/text/appGetText.ts) and the page's result table, so both print the
 * same rows (argocd-semantics §5.6):
 *
 * 1. every row of the last operation's `syncResult.resources`, in the order the engine recorded them. A hook
 *    row shows its hookPhase under STATUS and its result code under HEALTH (that is what the Go code prints); a
 *    managed resource shows its sync status and health from `status.resources`;
 * 2. then every managed resource the operation did not touch, sorted by its key, with an empty MESSAGE.
 */
export interface ResourceStateInput {
  resources: readonly {
    group: string;
    kind: string;
    namespace: string;
    name: string;
    /** None for a live hook or a `hook: Skip` target (the CLI prints an empty cell). */
    status?: string | undefined;
    health?: { status: string } | undefined;
  }[];
  results: readonly {
    group: string;
    kind: string;
    namespace: string;
    name: string;
    status: string;
    hookType: string;
    hookPhase: string;
    message: string;
  }[];
}

/** One printed row: GROUP KIND NAMESPACE NAME STATUS HEALTH HOOK MESSAGE. */
export interface ResourceState {
  group: string;
  kind: string;
  namespace: string;
  name: string;
  status: string;
  health: string;
  hook: string;
  message: string;
}

export const resourceStateHeader = [
  'GROUP',
  'KIND',
  'NAMESPACE',
  'NAME',
  'STATUS',
  'HEALTH',
  'HOOK',
  'MESSAGE',
];

const keyOf = (r: { group: string; kind: string; namespace: string; name: string }) =>
  `${r.group}/${r.kind}/${r.namespace}/${r.name}`;

export function resourceStates(input: ResourceStateInput): ResourceState[] {
  const byKey = new Map(input.resources.map((r) => [keyOf(r), r]));
  const states: ResourceState[] = [];
  for (const res of input.results) {
    const key = keyOf(res);
    const managed = byKey.get(key);
    const own = managed && res.hookType === '';
    states.push({
      group: res.group,
      kind: res.kind,
      namespace: res.namespace,
      name: res.name,
      status: own ? (managed.status ?? '') : res.hookPhase,
      health: own ? (managed.health?.status ?? '') : res.status,
      hook: res.hookType,
      message: res.message,
    });
    byKey.delete(key);
  }
  // kube.ResourceKey.String() is group/kind/namespace/name, compared as strings.
  const rest = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, res] of rest) {
    states.push({
      group: res.group,
      kind: res.kind,
      namespace: res.namespace,
      name: res.name,
      status: res.status ?? '',
      health: res.health?.status ?? '',
      hook: '',
      message: '',
    });
  }
  return states;
}
