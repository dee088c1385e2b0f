import { kindNamed } from './kinds';
import type { KubeObject } from '../types';

/**
 * kubectl apply validates by default (`--validate=strict`: the API server's strict field validation), so a field the
 * kind does not have fails the apply; `Validate=false` turns it off (e2e TestSyncOptionsValidateTrue/False, whose
 * ConfigMap has a top-level `invalidKey`). Only top-level fields of the kinds above are checked. The message is the
 * API server's strict decoding error, or undefined.
 */
export function unknownFieldProblem(obj: KubeObject): string | undefined {
  // The top-level fields of the kinds whose schema the sandbox knows (kinds.ts `fields`); others are not checked.
  const known = kindNamed(obj.kind)?.fields;
  if (!known) return undefined;
  const unknown = Object.keys(obj).find(
    (field) => !['apiVersion', 'kind', 'metadata'].includes(field) && !known.includes(field),
  );
  if (unknown === undefined) return undefined;
  const version = obj.apiVersion ?? '';
  return `${obj.kind} in version "${version.slice(version.indexOf('/') + 1)}" cannot be handled as a ${obj.kind}: strict decoding error: unknown field "${unknown}"`;
}
