import type { ObjectRef } from '../types';
import { kindInfo, kindNamed } from './kinds';

export type ApiErrorReason = 'NotFound' | 'AlreadyExists' | 'Invalid' | 'Conflict';

/** An error the fake API server answers with, worded like kubectl prints it. */
export class ApiError extends Error {
  constructor(
    readonly reason: ApiErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The resource name the API uses in messages: `deployments.apps`, `pods`, `ingresses.networking.k8s.io`. */
export function resourceName(ref: Pick<ObjectRef, 'group' | 'kind'>): string {
  // A kind the table does not know is a custom resource: its CRD's plural is most often the kind plus "s".
  const plural =
    (kindInfo(ref.group, ref.kind) ?? kindNamed(ref.kind))?.plural ?? `${ref.kind.toLowerCase()}s`;
  return ref.group ? `${plural}.${ref.group}` : plural;
}

export function notFound(ref: ObjectRef): ApiError {
  return new ApiError('NotFound', `${resourceName(ref)} "${ref.name}" not found`);
}

export function alreadyExists(ref: ObjectRef): ApiError {
  return new ApiError('AlreadyExists', `${resourceName(ref)} "${ref.name}" already exists`);
}
