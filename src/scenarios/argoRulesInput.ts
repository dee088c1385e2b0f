import { applicationsSyncPolicies, ignoreDifferencesProblem, type KubeObject } from '../engine';

/**
 * The Argo CD rules an Application or AppProject carries that the sandbox reads with limits, checked where the
 * object is read (platformInput.ts `checkArgoObjects`, shared by scenario files, `sim run --repo` and "your own
 * app"): an Application's `spec.ignoreDifferences` (jq outside the subset, `managedFieldsManagers`), and an
 * AppProject's rules the sandbox does not enforce. A problem is
 * one sentence naming the object; nothing the sandbox would read differently from Argo CD is accepted.
 */
export function argoRulesProblem(object: KubeObject): string | undefined {
  const name = object.metadata.name ?? '';
  if (object.kind === 'ApplicationSet') {
    const policy: unknown = object.spec?.syncPolicy?.applicationsSync;
    if (policy !== undefined && !(applicationsSyncPolicies as readonly unknown[]).includes(policy))
      return `ApplicationSet "${name}": spec.syncPolicy.applicationsSync: Unsupported value: ${JSON.stringify(policy)}: supported values: "create-only", "create-update", "create-delete", "sync"`;
  }
  if (object.kind === 'AppProject') {
    const problem = appProjectProblem(object.spec ?? {});
    if (problem !== undefined) return `AppProject "${name}": ${problem}`;
  }
  if (object.kind === 'Application') {
    const problem = ignoreDifferencesProblem(object.spec?.ignoreDifferences);
    if (problem !== undefined) return `Application "${name}": ${problem}`;
  }
  return undefined;
}

/**
 * AppProject fields the sandbox does not enforce, each with what Argo CD would do (app_project_types.go). The
 * modelled ones are read by src/engine/argocd/projectRules.ts (sourceRepos, destinations, the four resource lists),
 * orphanedResources.ts, and the sync windows.
 */
const unmodelledProjectFields: Record<string, string> = {
  sourceNamespaces: 'Applications outside argocd are not modelled (every Argo CD object lives in argocd)',
  signatureKeys:
    'the sandbox does not sign or verify commits (Argo CD would refuse to sync unsigned revisions)',
  destinationServiceAccounts:
    'the sandbox has no service accounts to impersonate (Argo CD would sync as them)',
  roles:
    "the sandbox has no API users or RBAC (Argo CD would give the role's tokens and groups these policies)",
  permitOnlyProjectScopedClusters:
    'the sandbox has no project-scoped cluster Secrets (Argo CD would permit only those clusters)',
  sourceRepoAllowList:
    'it is not a field of the AppProject at the commit the sandbox follows (the field is sourceRepos)',
};

const projectLists = [
  'sourceRepos',
  'destinations',
  'clusterResourceWhitelist',
  'clusterResourceBlacklist',
  'namespaceResourceWhitelist',
  'namespaceResourceBlacklist',
];

function appProjectProblem(spec: Record<string, unknown>): string | undefined {
  for (const [field, why] of Object.entries(unmodelledProjectFields)) {
    const value = spec[field];
    if (value === undefined || value === null || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    return `spec.${field} is not modelled: ${why}`;
  }
  for (const field of projectLists) {
    const value = spec[field];
    if (value !== undefined && value !== null && !Array.isArray(value)) return `spec.${field} must be a list`;
  }
  return undefined;
}
