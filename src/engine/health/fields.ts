import type { JsonAny } from '../types';

/**
 * Helpers that read a live object's status the way Go's typed structs do: a missing or mistyped field is the
 * zero value (argocd-semantics.md §3.0 rule 5), so the checks below never throw on partial objects.
 */

/** An integer field; missing counts as 0. */
export function int(value: JsonAny): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A string field; missing counts as ''. */
export function str(value: JsonAny): string {
  return typeof value === 'string' ? value : '';
}

/** Whether an optional number (Go `*int32`) is set, e.g. `spec.replicas` or a partition. */
export function isSet(value: JsonAny): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A status condition with every field a string, as Kubernetes condition types have them. */
export interface Condition {
  type: string;
  status: string;
  reason: string;
  message: string;
}

/** The entries of a `conditions` list, normalised; anything that is not a list gives none. */
export function conditionsOf(list: JsonAny): Condition[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((c) => c !== null && typeof c === 'object')
    .map((c) => ({
      type: str(c.type),
      status: str(c.status),
      reason: str(c.reason),
      message: str(c.message),
    }));
}

/** The first condition of a type in `status.conditions` (Go's `get…Condition` helpers). */
export function findCondition(status: JsonAny, type: string): Condition | undefined {
  return conditionsOf(status?.conditions).find((c) => c.type === type);
}
