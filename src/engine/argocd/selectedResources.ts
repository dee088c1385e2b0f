import type { SyncOperationResource } from './applicationTypes';

/** One `--resource [!]GROUP:KIND:[NAMESPACE/]NAME` of `argocd app sync`, as the CLI reads it. */
export interface SelectedResource {
  group: string;
  kind: string;
  name: string;
  namespace: string;
  exclude: boolean;
}

/**
 * cmd/argocd/commands/app.go `parseSelectedResources`: each value split at `:` into exactly three fields, a leading
 * `!` excluding, a `/` in the name giving the namespace. A malformed value is the CLI's fatal error, before it asks
 * the API server anything.
 */
export function parseSelectedResources(values: readonly string[]): SelectedResource[] | { error: string } {
  const out: SelectedResource[] = [];
  for (const value of values) {
    const exclude = value.startsWith('!');
    const resource = exclude ? value.slice(1) : value;
    const fields = resource.split(':');
    if (fields.length !== 3)
      return { error: `resource should have GROUP:KIND:NAME, but instead got: ${resource}` };
    let name = fields[2];
    let namespace = '';
    if (name.includes('/')) {
      const parts = name.split('/');
      if (parts.length !== 2)
        return {
          error: `resource with namespace should have GROUP:KIND:NAMESPACE/NAME, but instead got: ${resource}`,
        };
      [namespace, name] = parts;
    }
    out.push({ group: fields[0], kind: fields[1], name, namespace, exclude });
  }
  return out;
}

/** types.go `SyncOperationResource.Compare`: `*` matches anything, an empty namespace any namespace. */
function matches(r: SelectedResource, row: { group: string; kind: string; name: string; namespace: string }) {
  return (
    (r.group === '*' || row.group === r.group) &&
    (r.kind === '*' || row.kind === r.kind) &&
    (r.name === '*' || row.name === r.name) &&
    (r.namespace === '*' || r.namespace === '' || row.namespace === r.namespace)
  );
}

/**
 * util/argo/argo.go `IncludeResource`: included by an include rule (every resource when there is none), and not
 * matched by an exclude rule; the exclude wins.
 */
export function includeResource(
  row: { group: string; kind: string; name: string; namespace: string },
  selected: readonly SelectedResource[],
): boolean {
  const includes = selected.filter((r) => !r.exclude);
  if (includes.length > 0 && !includes.some((r) => matches(r, row))) return false;
  return !selected.some((r) => r.exclude && matches(r, row));
}

/**
 * cmd/argocd/commands/app.go `filterAppResources`: the app's `status.resources` rows the selection includes, as the
 * operation's `sync.resources`.
 */
export function filterAppResources(
  rows: readonly { group?: string; kind: string; name: string; namespace?: string }[],
  selected: readonly SelectedResource[],
): SyncOperationResource[] {
  if (selected.length === 0) return [];
  return rows
    .filter((r) =>
      includeResource(
        { group: r.group ?? '', kind: r.kind, name: r.name, namespace: r.namespace ?? '' },
        selected,
      ),
    )
    .map((r) => ({
      ...(r.group ? { group: r.group } : {}),
      kind: r.kind,
      name: r.name,
      ...(r.namespace ? { namespace: r.namespace } : {}),
    }));
}

/** A selection as the user typed it (`!apps:Deployment:ns/web`), for the CLI's "No matching app resources" message. */
export function resourceWords(r: SelectedResource): string {
  return `${r.exclude ? '!' : ''}${r.group}:${r.kind}:${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}
