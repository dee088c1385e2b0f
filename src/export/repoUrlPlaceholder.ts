import type { KubeObject } from '../engine';

/**
 * What every Git repository URL of an exported scenario becomes. The sandbox reads one repository whatever an
 * Application's `repoURL` says; the export is one repository too, which `make-repo.sh` and `run.sh` name from
 * `REPO_URL` by replacing this text.
 */
export const repoUrlPlaceholder = '__REPO_URL__';

/**
 * A copy of an object with every `repoURL` (an Application's source or sources, an ApplicationSet's template
 * or git generator) set to the placeholder, and an AppProject's `sourceRepos` allowing it (a `*` stays).
 */
export function withRepoPlaceholder(object: KubeObject): KubeObject {
  const copy = replaceRepoUrls(object) as KubeObject;
  if (object.kind === 'AppProject' && Array.isArray(copy.spec?.sourceRepos)) {
    const repos = copy.spec.sourceRepos as unknown[];
    copy.spec.sourceRepos = [...new Set(repos.map((r) => (r === '*' ? r : repoUrlPlaceholder)))];
  }
  return copy;
}

function replaceRepoUrls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replaceRepoUrls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = key === 'repoURL' && typeof inner === 'string' ? repoUrlPlaceholder : replaceRepoUrls(inner);
  }
  return out;
}

/** Whether an object is one of Argo CD's own (Application, ApplicationSet, AppProject). */
export function isArgoObject(object: KubeObject): boolean {
  return (
    typeof object.apiVersion === 'string' &&
    object.apiVersion.startsWith('argoproj.io/') &&
    ['Application', 'ApplicationSet', 'AppProject'].includes(object.kind)
  );
}
