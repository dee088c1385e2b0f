import { groupOf } from '../cluster/gvk';
import type { JsonAny, KubeObject } from '../types';
import { clone } from '../util/clone';
import { deletePaths, jqPaths, JqRunError, parseJqPath, type JqPath } from './jqPathExpression';
import { globMatch } from './orphanedResources';

/**
 * `spec.ignoreDifferences` of an Application (pkg/apis/application/v1alpha1 `ResourceIgnoreDifferences`), as
 * Argo CD's ignore normalizer applies it (util/argo/normalizers/diff_normalizer.go `NewIgnoreNormalizer` and
 * `Normalize`): each entry whose group and kind globs, name and namespace match an object removes its
 * `jsonPointers` (a JSON patch `remove`) and its `jqPathExpressions` (`del(<expression>)`) from both Git's and the
 * live object before they are compared, so a difference there leaves the resource Synced. A patch that fails on an
 * object (a pointer to a field it lacks, a jq run error) is skipped, as Argo CD skips it with a debug log.
 */
export interface IgnoreRule {
  group: string;
  kind: string;
  name: string;
  namespace: string;
  patches: Patch[];
}

type Patch = { pointer: string[] } | { jq: JqPath };

/** The fields of one `ignoreDifferences` entry the sandbox reads; `managedFieldsManagers` is refused. */
const entryFields = new Set(['group', 'kind', 'name', 'namespace', 'jsonPointers', 'jqPathExpressions']);

/**
 * What is wrong with an Application's `spec.ignoreDifferences` for the sandbox, or undefined: the sentence says
 * which entry and why (not a list, an unknown field, a pointer that is not one, jq outside the subset, or
 * `managedFieldsManagers`, which needs field managers the fake API server does not record).
 */
export function ignoreDifferencesProblem(value: JsonAny): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return 'spec.ignoreDifferences must be a list of entries';
  for (const [i, entry] of value.entries()) {
    const at = `spec.ignoreDifferences[${i}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return `${at} must be a map`;
    if (entry.managedFieldsManagers !== undefined)
      return `${at}.managedFieldsManagers is not modelled: the sandbox's API server keeps no managedFields, so it cannot tell which manager set a field; use jsonPointers or jqPathExpressions`;
    for (const key of Object.keys(entry))
      if (!entryFields.has(key))
        return `${at}: unknown field "${key}" (an entry has group, kind, name, namespace, jsonPointers, jqPathExpressions)`;
    if (typeof entry.kind !== 'string' || entry.kind === '') return `${at} needs a kind`;
    for (const field of ['group', 'name', 'namespace'])
      if (entry[field] !== undefined && typeof entry[field] !== 'string')
        return `${at}.${field} must be a string`;
    for (const field of ['jsonPointers', 'jqPathExpressions'] as const) {
      const list = entry[field];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.some((p) => typeof p !== 'string'))
        return `${at}.${field} must be a list of strings`;
    }
    for (const pointer of (entry.jsonPointers ?? []) as string[])
      if (pointer !== '' && !pointer.startsWith('/'))
        return `${at}.jsonPointers: "${pointer}" is not a JSON pointer (it starts with "/")`;
    for (const expression of (entry.jqPathExpressions ?? []) as string[]) {
      try {
        parseJqPath(expression);
      } catch (error) {
        return `${at}.${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  return undefined;
}

/** The rules of `spec.ignoreDifferences` (read by `ignoreDifferencesProblem` first; entries it refuses are left out). */
export function ignoreRulesOf(value: JsonAny): IgnoreRule[] {
  if (!Array.isArray(value)) return [];
  const rules: IgnoreRule[] = [];
  for (const entry of value) {
    if (entry === null || typeof entry !== 'object' || typeof entry.kind !== 'string') continue;
    const patches: Patch[] = [];
    for (const pointer of (entry.jsonPointers ?? []) as unknown[])
      if (typeof pointer === 'string') patches.push({ pointer: pointerTokens(pointer) });
    for (const expression of (entry.jqPathExpressions ?? []) as unknown[]) {
      if (typeof expression !== 'string') continue;
      try {
        patches.push({ jq: parseJqPath(expression) });
      } catch {
        // Refused where the Application is read; one written later by a commit is left out here.
      }
    }
    rules.push({
      group: typeof entry.group === 'string' ? entry.group : '',
      kind: entry.kind,
      name: typeof entry.name === 'string' ? entry.name : '',
      namespace: typeof entry.namespace === 'string' ? entry.namespace : '',
      patches,
    });
  }
  return rules;
}

/** RFC 6901: `/a/b~1c` → ["a", "b/c"]. */
function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The patches of the rules that match `obj` (diff_normalizer.go `Normalize`: glob group and kind, exact name and namespace). */
function matching(rules: readonly IgnoreRule[], obj: KubeObject, namespace: string): Patch[] {
  const group = groupOf(obj.apiVersion ?? '');
  const out: Patch[] = [];
  for (const rule of rules) {
    if (!globMatch(rule.group, group) || !globMatch(rule.kind, obj.kind)) continue;
    if (rule.name !== '' && rule.name !== obj.metadata.name) continue;
    if (rule.namespace !== '' && rule.namespace !== (obj.metadata.namespace ?? namespace)) continue;
    out.push(...rule.patches);
  }
  return out;
}

/** The concrete paths one patch removes from `doc`, or undefined when the patch fails on it (and is skipped). */
function pathsOf(patch: Patch, doc: JsonAny): (string | number)[][] | undefined {
  if ('pointer' in patch) {
    // A JSON patch `remove` fails on a path that does not exist ("Unable to remove nonexistent key").
    let at: JsonAny = doc;
    const path: (string | number)[] = [];
    for (const token of patch.pointer) {
      if (Array.isArray(at)) {
        if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= at.length) return undefined;
        path.push(Number(token));
        at = at[Number(token)];
      } else if (at !== null && typeof at === 'object' && Object.prototype.hasOwnProperty.call(at, token)) {
        path.push(token);
        at = at[token];
      } else return undefined;
    }
    return [path];
  }
  try {
    return jqPaths(patch.jq, doc);
  } catch (error) {
    if (error instanceof JqRunError) return undefined;
    throw error;
  }
}

/**
 * `obj` with every ignored field removed, patch after patch as `Normalize` applies them, or `obj` itself when no
 * rule matches it (the common case costs nothing). `namespace` is the app's destination, for a Git object that
 * names none.
 */
export function normalizeIgnored(
  rules: readonly IgnoreRule[],
  obj: KubeObject,
  namespace: string,
): KubeObject {
  if (rules.length === 0) return obj;
  const patches = matching(rules, obj, namespace);
  let doc: JsonAny = obj;
  for (const patch of patches) {
    const paths = pathsOf(patch, doc);
    if (paths !== undefined) doc = deletePaths(doc, paths);
  }
  return doc as KubeObject;
}

/**
 * `RespectIgnoreDifferences=true` (controller/sync.go `normalizeTargetResources`): the target applied keeps the
 * live values of its ignored fields. Argo CD removes the ignored fields from the target and merges back the patch
 * that turns the normalized live object into the live one; here the fields each patch removes from the live object
 * are copied into the normalized target at the same paths (an array element at its live index). `status` is never
 * copied (sync.go L534-L543). With no live object the target is applied as it is.
 */
export function respectIgnored(
  rules: readonly IgnoreRule[],
  target: KubeObject,
  live: KubeObject | undefined,
  namespace: string,
): KubeObject {
  if (!live || rules.length === 0) return target;
  const patches = matching(rules, target, namespace);
  if (patches.length === 0) return target;
  let result = normalizeIgnored(rules, target, namespace) as JsonAny;
  if (result === target) result = clone(target);
  let liveDoc: JsonAny = live;
  for (const patch of patches) {
    const paths = pathsOf(patch, liveDoc);
    if (paths === undefined) continue;
    for (const path of [...paths].sort((a, b) => a.length - b.length)) {
      if (path[0] === 'status') continue;
      result = setPath(result, path, valueAt(liveDoc, path));
    }
    liveDoc = deletePaths(liveDoc, paths);
  }
  return result as KubeObject;
}

function valueAt(doc: JsonAny, path: (string | number)[]): JsonAny {
  let at = doc;
  for (const key of path) at = at?.[key as never];
  return at;
}

/** `doc` (already a private copy) with `value` at `path`, creating maps on the way; an array index inserts. */
function setPath(doc: JsonAny, path: (string | number)[], value: JsonAny): JsonAny {
  if (path.length === 0) return clone(value);
  let at = doc;
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = path[i + 1];
    if (at[key] === undefined || at[key] === null || typeof at[key] !== 'object')
      at[key] = typeof next === 'number' ? [] : {};
    at = at[key];
  }
  const last = path[path.length - 1];
  if (Array.isArray(at) && typeof last === 'number') at.splice(Math.min(last, at.length), 0, clone(value));
  else at[last] = clone(value);
  return doc;
}
