/**
 * The Argo CD rules the sandbox reads with limits are refused where the object is read, with its file, line and
 * column, in every reader that shares checkArgoObjects (scenario files' `argocd:`, `sim run --repo`, "your own
 * app"): ignoreDifferences outside the modelled subset, and argocd-cm's system-level ignoreDifferences.
 */
import { describe, expect, it } from 'vitest';
import { ownAppScenario } from '../ownApp/ownAppScenario';
import { readArgocdCm } from './readArgocdCm';

const app = (ignore: string) => `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: web
  namespace: argocd
spec:
  project: default
  source: { repoURL: https://example.com/r.git, path: app }
  destination: { server: https://kubernetes.default.svc, namespace: default }
  ignoreDifferences:
${ignore}
`;
const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n';
const own = (ignore: string) =>
  ownAppScenario([
    { path: 'argo.yaml', text: app(ignore) },
    { path: 'app/cm.yaml', text: cm },
  ]);

describe('spec.ignoreDifferences as the readers take it (diffing.md)', () => {
  it('reads jsonPointers and the docs jq example', () => {
    expect(() =>
      own(
        '  - { group: apps, kind: Deployment, jsonPointers: [/spec/replicas] }\n  - group: apps\n    kind: Deployment\n    jqPathExpressions: [\'.spec.template.spec.initContainers[] | select(.name == "injected-init-container")\']',
      ),
    ).not.toThrow();
  });

  it('refuses managedFieldsManagers with a sentence and the position of the Application', () => {
    expect(() =>
      own('  - { group: "*", kind: "*", managedFieldsManagers: [kube-controller-manager] }'),
    ).toThrow(
      'argo.yaml:1:1: Application "web": spec.ignoreDifferences[0].managedFieldsManagers is not modelled',
    );
  });

  it('refuses jq outside the subset', () => {
    expect(() => own("  - { kind: ConfigMap, jqPathExpressions: ['.data | to_entries'] }")).toThrow(
      'Application "web": spec.ignoreDifferences[0].jqPathExpression ".data | to_entries": the sandbox reads only jq paths',
    );
  });

  it('refuses an unknown field of an entry', () => {
    expect(() => own('  - { kind: ConfigMap, jsonPointer: [/data] }')).toThrow(
      'spec.ignoreDifferences[0]: unknown field "jsonPointer"',
    );
  });
});

describe("argocd-cm's resource.customizations.ignoreDifferences (util/settings/settings.go)", () => {
  it('the split key is refused at its value, not ignored', () => {
    expect(() =>
      readArgocdCm(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: argocd-cm\ndata:\n  resource.customizations.ignoreDifferences.apps_Deployment: |\n    jsonPointers:\n    - /spec/replicas\n',
        'cm.yaml',
      ),
    ).toThrow(
      "cm.yaml:6:62: resource.customizations.ignoreDifferences.apps_Deployment: system-level ignoreDifferences in argocd-cm are not modelled; put the rule in the Application's spec.ignoreDifferences, which the sandbox reads",
    );
  });

  it('the block form is refused too', () => {
    expect(() =>
      readArgocdCm(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: argocd-cm\ndata:\n  resource.customizations: |\n    apps/Deployment:\n      ignoreDifferences: |\n        jsonPointers:\n        - /spec/replicas\n',
        'cm.yaml',
      ),
    ).toThrow(
      'resource.customizations apps/Deployment: system-level ignoreDifferences in argocd-cm are not modelled',
    );
  });
});

describe('AppProject fields the sandbox does not enforce are refused (app_project_types.go)', () => {
  const project = (spec: string) => `apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata:
  name: team
  namespace: argocd
spec:
  sourceRepos: ["*"]
  destinations: [{ server: "*", namespace: "*" }]
${spec}
`;
  const withProject = (spec: string) =>
    ownAppScenario([
      {
        path: 'argo.yaml',
        text: `${project(spec)}---\n${app('  - { kind: ConfigMap, jsonPointers: [/data] }')}`,
      },
      { path: 'app/cm.yaml', text: cm },
    ]);

  it('reads the permission rules the sandbox enforces', () => {
    expect(() =>
      withProject(
        '  clusterResourceWhitelist: [{ group: "*", kind: "*" }]\n  namespaceResourceBlacklist: [{ group: "", kind: Secret }]',
      ),
    ).not.toThrow();
  });

  it('refuses roles and signatureKeys with what Argo CD would do', () => {
    expect(() => withProject('  roles: [{ name: ci, policies: [] }]')).toThrow(
      'argo.yaml:1:1: AppProject "team": spec.roles is not modelled: the sandbox has no API users or RBAC',
    );
    expect(() => withProject('  signatureKeys: [{ keyID: ABC }]')).toThrow(
      'spec.signatureKeys is not modelled',
    );
  });
});

describe('ApplicationSet spec.syncPolicy.applicationsSync (the CRD enum)', () => {
  const set = (policy: string) => `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: envs
  namespace: argocd
spec:
  syncPolicy: { applicationsSync: ${policy} }
  generators: [{ list: { elements: [{ env: dev }] } }]
  template:
    metadata: { name: 'app-{{env}}' }
    spec:
      project: default
      source: { repoURL: https://example.com/r.git, path: app }
      destination: { server: https://kubernetes.default.svc, namespace: default }
`;
  const read = (policy: string) =>
    ownAppScenario([
      { path: 'app/cm.yaml', text: cm },
      { path: 'set.yaml', text: set(policy) },
    ]);

  it('reads the four policies', () => {
    for (const policy of ['create-only', 'create-update', 'create-delete', 'sync'])
      expect(() => read(policy)).not.toThrow();
  });

  it('refuses another value as the API server would', () => {
    expect(() => read('create-never')).toThrow(
      'set.yaml:1:1: ApplicationSet "envs": spec.syncPolicy.applicationsSync: Unsupported value: "create-never"',
    );
  });
});

describe('an ApplicationSet template carries ignoreDifferences as an Application does', () => {
  it('refuses managedFieldsManagers in the template, at the template', () => {
    const text = `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: envs
  namespace: argocd
spec:
  generators: [{ list: { elements: [{ env: dev }] } }]
  template:
    metadata: { name: 'app-{{env}}' }
    spec:
      project: default
      source: { repoURL: https://example.com/r.git, path: app }
      destination: { server: https://kubernetes.default.svc, namespace: default }
      ignoreDifferences: [{ kind: Deployment, group: apps, managedFieldsManagers: [hpa] }]
`;
    expect(() =>
      ownAppScenario([
        { path: 'app/cm.yaml', text: cm },
        { path: 'set.yaml', text },
      ]),
    ).toThrow('Application "app-dev": spec.ignoreDifferences[0].managedFieldsManagers is not modelled');
  });
});
