import { safeHash } from '../random';
import type { Json } from '../types';
import { isJsonObject } from '../util/unstructured';

/**
 * The hash that names a ReplicaSet (`pod-template-hash`) or a ControllerRevision: a stable 10-character
 * hash of the pod template's JSON. Keys are sorted first, so a template written with its fields in another
 * order (YAML is free-form) still hashes the same, as Kubernetes' hash of the decoded object does.
 */
export function templateHash(template: Json): string {
  return safeHash(stableStringify(template), 10);
}

/** JSON with object keys sorted at every level; undefined fields are left out, as JSON.stringify does. */
export function stableStringify(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (!isJsonObject(value)) return JSON.stringify(value) ?? 'null';
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`).join(',')}}`;
}
