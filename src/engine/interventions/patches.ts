import type { JsonAny } from '../types';
import { clone } from '../util/clone';

/**
 * The three patch types `kubectl patch --type` sends: a JSON merge patch (RFC 7386), a strategic merge patch
 * (the default: a merge patch whose lists of containers, ports, env and volumes merge by their key, as the
 * Kubernetes types' `patchMergeKey` tags say) and a JSON patch (RFC 6902: add, replace, remove, test). Each
 * returns the patched copy, or kubectl's error.
 */
export function applyPatch(
  target: JsonAny,
  text: string,
  type: 'strategic' | 'merge' | 'json',
): { object: JsonAny } | { error: string } {
  let patch: JsonAny;
  try {
    patch = JSON.parse(text);
  } catch (error) {
    return { error: `error: unable to parse "${text}": ${(error as Error).message}` };
  }
  if (type === 'json') {
    if (!Array.isArray(patch))
      return {
        error: `error: unable to parse "${text}": json: cannot unmarshal object into Go value of type jsonpatch.Patch`,
      };
    return jsonPatch(target, patch);
  }
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
    return { error: `error: unable to parse "${text}": a ${type} merge patch must be a JSON object` };
  return { object: mergePatch(clone(target), patch, type === 'strategic') };
}

/** The list fields that merge by a key in a strategic merge patch (k8s.io/api patchMergeKey tags). */
const mergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
};

function mergePatch(target: JsonAny, patch: JsonAny, strategic: boolean, field = ''): JsonAny {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) {
    if (strategic && Array.isArray(patch) && Array.isArray(target) && mergeKeys[field])
      return mergeList(target, patch, mergeKeys[field]);
    return clone(patch);
  }
  const out: JsonAny = target !== null && typeof target === 'object' && !Array.isArray(target) ? target : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value, strategic, key);
  }
  return out;
}

/** A strategic merge of a keyed list: items with the same key merge, new ones are appended. */
function mergeList(target: JsonAny[], patch: JsonAny[], key: string): JsonAny[] {
  const out = target.map((item) => clone(item));
  for (const item of patch) {
    const i = out.findIndex((o) => o?.[key] !== undefined && o[key] === item?.[key]);
    if (i >= 0) out[i] = mergePatch(out[i], item, true);
    else out.push(clone(item));
  }
  return out;
}

/** RFC 6902, for the operations a learner types; paths are JSON pointers (RFC 6901). */
function jsonPatch(target: JsonAny, ops: JsonAny[]): { object: JsonAny } | { error: string } {
  const doc = clone(target);
  for (const op of ops) {
    const path = String(op?.path ?? '');
    const parts = path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (!path.startsWith('/') || parts.length === 0)
      return {
        error: `The request is invalid: the server rejected our request due to an error in our request`,
      };
    let parent: JsonAny = doc;
    for (const part of parts.slice(0, -1)) {
      parent = parent?.[Array.isArray(parent) ? Number(part) : part];
      if (parent === undefined || parent === null || typeof parent !== 'object')
        return {
          error: `The request is invalid: the server rejected our request due to an error in our request`,
        };
    }
    const last = parts[parts.length - 1];
    const index = Array.isArray(parent) ? (last === '-' ? parent.length : Number(last)) : undefined;
    const exists = index !== undefined ? index < parent.length : last in parent;
    switch (op.op) {
      case 'add':
        if (index !== undefined) parent.splice(index, 0, clone(op.value));
        else parent[last] = clone(op.value);
        break;
      case 'replace':
      case 'remove':
        if (!exists)
          return {
            error: `The request is invalid: the server rejected our request due to an error in our request`,
          };
        if (op.op === 'replace') parent[index ?? last] = clone(op.value);
        else if (index !== undefined) parent.splice(index, 1);
        else delete parent[last];
        break;
      case 'test':
        if (JSON.stringify(parent[index ?? last]) !== JSON.stringify(op.value))
          return {
            error: `The request is invalid: the server rejected our request due to an error in our request`,
          };
        break;
      default:
        return { error: `error: unable to parse patch operation "${String(op?.op)}"` };
    }
  }
  return { object: doc };
}
