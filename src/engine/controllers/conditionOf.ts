import type { Json } from '../types';
import { isJsonObject, stringField } from '../util/unstructured';

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

/**
 * One condition, read. Each field is read with `stringField` (`nestedString` of one field, without its list):
 * every status write of every Deployment and Job reads its conditions, 7,700 of them in a 1,000-resource run.
 */
export function conditionOf(value: Json): ReadCondition {
  const out: ReadCondition = {};
  for (let i = 0; i < fields.length; i++) {
    const text = stringField(value, fields[i]);
    if (text !== undefined) out[fields[i]] = text;
  }
  return out;
}

const noConditions: readonly Json[] = [];

/** The conditions of a status, unread (`status.conditions`; none when it is missing or not a list). */
export function conditionList(status: Json): readonly Json[] {
  const list = isJsonObject(status) && Object.hasOwn(status, 'conditions') ? status.conditions : undefined;
  return Array.isArray(list) ? list : noConditions;
}

/** The condition of `type` in a status, read, if there is one. */
export function findCondition(status: Json, type: string): ReadCondition | undefined {
  const found = conditionList(status).find((c) => stringField(c, 'type') === type);
  return found === undefined ? undefined : conditionOf(found);
}
