import type { Json } from '../types';
import { isJsonObject, nestedMap, nestedSlice, nestedString, nestedStringSlice } from '../util/unstructured';

/**
 * Whether `labels` satisfy a Kubernetes label selector (`matchLabels` and `matchExpressions` with the
 * operators In, NotIn, Exists and DoesNotExist). Controllers adopt orphans and count pods through it.
 * An empty selector matches everything, as in Kubernetes; a missing one (undefined) matches nothing.
 *
 * @example matchesSelector({ app: 'web' }, { matchLabels: { app: 'web' } }) // true
 */
export function matchesSelector(labels: Record<string, string> | undefined, selector: Json): boolean {
  if (!isJsonObject(selector)) return false;
  const have = labels ?? {};
  for (const [key, value] of Object.entries(nestedMap(selector, 'matchLabels') ?? {})) {
    if (have[key] !== value) return false;
  }
  for (const expr of nestedSlice(selector, 'matchExpressions') ?? []) {
    const key = nestedString(expr, 'key');
    // The label's value, when the labels have the key (own keys only: `constructor` is no label).
    const value = key !== undefined && Object.hasOwn(have, key) ? have[key] : undefined;
    const present = value !== undefined;
    const values = nestedStringSlice(expr, 'values') ?? [];
    switch (nestedString(expr, 'operator')) {
      case 'In':
        if (value === undefined || !values.includes(value)) return false;
        break;
      case 'NotIn':
        if (value !== undefined && values.includes(value)) return false;
        break;
      case 'Exists':
        if (!present) return false;
        break;
      case 'DoesNotExist':
        if (present) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
