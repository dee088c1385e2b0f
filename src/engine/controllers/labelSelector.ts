import type { JsonAny } from '../types';

/**
 * Whether `labels` satisfy a Kubernetes label selector (`matchLabels` and `matchExpressions` with the
 * operators In, NotIn, Exists and DoesNotExist). Controllers adopt orphans and count pods through it.
 * An empty selector matches everything, as in Kubernetes; a missing one (undefined) matches nothing.
 *
 * @example matchesSelector({ app: 'web' }, { matchLabels: { app: 'web' } }) // true
 */
export function matchesSelector(labels: Record<string, string> | undefined, selector: JsonAny): boolean {
  if (!selector || typeof selector !== 'object') return false;
  const have = labels ?? {};
  for (const [key, value] of Object.entries((selector.matchLabels ?? {}) as Record<string, string>)) {
    if (have[key] !== value) return false;
  }
  for (const expr of (selector.matchExpressions ?? []) as JsonAny[]) {
    const present = Object.hasOwn(have, expr.key);
    const values: string[] = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
        if (!present || !values.includes(have[expr.key])) return false;
        break;
      case 'NotIn':
        if (present && values.includes(have[expr.key])) return false;
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
