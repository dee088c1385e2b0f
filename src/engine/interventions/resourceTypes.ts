import { kinds } from '../cluster/kinds';

/**
 * The resource types an intervention can name, as kubectl resolves them (singular, plural and short names, a
 * `TYPE.GROUP` form), with the API group and the plural resource name kubectl's messages use
 * (`deployments.apps "web" not found`, `deployment.apps/web scaled`).
 */
export interface ResourceType {
  kind: string;
  group: string;
  /** The plural resource name. */
  resource: string;
  namespaced: boolean;
}

/**
 * What the fake API server serves, from the one table of kinds (cluster/kinds.ts): a kind it does not serve (the
 * removed `extensions` group, `List`) is a type "the server doesn't have", as kubectl says. The table lists a
 * current group before a removed one and the core group first, so a bare `events` or `deploy` finds the group
 * kubectl's discovery prefers.
 */
const types: (ResourceType & { names: readonly string[] })[] = kinds
  .filter((k) => k.served)
  .map((k) => ({
    kind: k.kind,
    group: k.group,
    resource: k.plural,
    namespaced: k.namespaced,
    names: k.shortNames,
  }));

/** The type a kubectl word names (`deploy`, `deployments`, `Deployment`, `deployments.apps`), if known. */
export function resourceType(word: string): ResourceType | undefined {
  const lower = word.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot < 0 ? lower : lower.slice(0, dot);
  const group = dot < 0 ? undefined : lower.slice(dot + 1);
  const found = types.find(
    (t) =>
      (t.kind.toLowerCase() === name || t.resource === name || t.names.includes(name)) &&
      (group === undefined || t.group === group),
  );
  if (!found) return undefined;
  const { names: _names, ...type } = found;
  return type;
}

/** `deployment.apps`, `configmap`: the singular form kubectl prints before `/NAME`. */
export function singularName(type: ResourceType): string {
  const singular = type.kind.toLowerCase();
  return type.group ? `${singular}.${type.group}` : singular;
}

/** `deployments.apps`, `configmaps`: the form of the API server's NotFound message. */
export function pluralName(type: ResourceType): string {
  return type.group ? `${type.resource}.${type.group}` : type.resource;
}
