import type { Json } from '../types';
import { nestedSlice, nestedString } from '../util/unstructured';

/**
 * A status condition as a controller reads it back from an object's status (any kind's `status.conditions`),
 * each field read with its type: one that is missing or not a string is absent. Controllers write conditions
 * whole, so in practice every field they wrote is there.
 */
export interface ReadCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastProbeTime?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

const fields = [
  'type',
  'status',
  'reason',
  'message',
  'lastProbeTime',
  'lastUpdateTime',
  'lastTransitionTime',
] as const satisfies readonly (keyof ReadCondition)[];

/** One condition, read. */
export function conditionOf(value: Json): ReadCondition {
  const out: ReadCondition = {};
  for (const field of fields) {
    const text = nestedString(value, field);
    if (text !== undefined) out[field] = text;
  }
  return out;
}

const noConditions: readonly Json[] = [];

/** The conditions of a status, unread (`status.conditions`; none when it is missing or not a list). */
export function conditionList(status: Json): readonly Json[] {
  return nestedSlice(status, 'conditions') ?? noConditions;
}

/** The condition of `type` in a status, read, if there is one. */
export function findCondition(status: Json, type: string): ReadCondition | undefined {
  const found = conditionList(status).find((c) => nestedString(c, 'type') === type);
  return found === undefined ? undefined : conditionOf(found);
}
