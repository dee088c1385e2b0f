import type { KubeObject } from '../types';
import { isQualifiedName, isValidLabelValue } from './validation';

/**
 * The API server's refusal of an object whose `metadata.labels` are not valid (apimachinery `ValidateLabels`:
 * `IsQualifiedName` for keys, `IsValidLabelValue` for values), as kubectl prints it
 * (`ServiceAccount "x" is invalid: metadata.labels: Invalid value: "…": …`), or undefined. kubectl's client-side
 * dry run, which is what Argo CD runs first, does not make this check; the apply does (e2e
 * TestSyncWithCreateNamespaceAndDryRunError: `has-inva/id-character!`).
 */
export function invalidLabelsMessage(obj: KubeObject): string | undefined {
  const labels = obj.metadata.labels ?? {};
  for (const [key, value] of Object.entries(labels)) {
    const keyDetail = isQualifiedName(key);
    const detail = keyDetail ?? isValidLabelValue(String(value ?? ''));
    if (detail === undefined) continue;
    const bad = keyDetail ? key : String(value);
    const group = obj.apiVersion?.includes('/') ? obj.apiVersion.split('/')[0] : '';
    const kind = group ? `${obj.kind}.${group}` : obj.kind;
    return `${kind} "${obj.metadata.name}" is invalid: metadata.labels: Invalid value: ${JSON.stringify(bad)}: ${detail}`;
  }
  return undefined;
}
