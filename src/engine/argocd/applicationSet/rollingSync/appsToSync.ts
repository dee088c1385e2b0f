/**
 * Which apps a RollingSync may sync now (argocd-semantics.md §5.1 "Eligible"; progressive_sync.go
 * `getAppsToSync`): steps in order, every app of a step is eligible, and the walk goes on only if each app of the
 * step exists, has an entry and is `Healthy`. An empty step is done; an app in no step is never eligible.
 */
import type { KubeObject } from '../../../types';
import { findApplicationStatus, type ApplicationStatusEntry } from './applicationStatus';

export function getAppsToSync(
  entries: readonly ApplicationStatusEntry[] | undefined,
  appDependencyList: readonly (readonly string[])[],
  currentApplications: readonly KubeObject[],
): Set<string> {
  const eligible = new Set<string>();
  const existing = new Set(currentApplications.map((app) => app.metadata.name ?? ''));
  for (const step of appDependencyList) {
    for (const name of step) eligible.add(name);
    const done = step.every(
      (name) => existing.has(name) && findApplicationStatus(entries, name)?.status === 'Healthy',
    );
    if (!done) break;
  }
  return eligible;
}
