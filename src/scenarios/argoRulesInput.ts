import type { KubeObject } from '../engine';
import { ignoreDifferencesProblem } from '../engine/argocd/ignoreDifferences';

/**
 * The Argo CD rules an Application or AppProject carries that the sandbox reads with limits, checked where the
 * object is read (platformInput.ts `checkArgoObjects`, shared by scenario files, `sim run --repo` and "your own
 * app"): an Application's `spec.ignoreDifferences` (jq outside the subset, `managedFieldsManagers`). A problem is
 * one sentence naming the object; nothing the sandbox would read differently from Argo CD is accepted.
 */
export function argoRulesProblem(object: KubeObject): string | undefined {
  const name = object.metadata.name ?? '';
  if (object.kind === 'Application') {
    const problem = ignoreDifferencesProblem(object.spec?.ignoreDifferences);
    if (problem !== undefined) return `Application "${name}": ${problem}`;
  }
  return undefined;
}
