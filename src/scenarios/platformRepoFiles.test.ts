/**
 * A page scenario's repository (`repo.revisions[].files`, the editor's control-plane scenarios) holding files that
 * are not manifests. Argo CD fails a source only when its directory does not exist (util/app/path `Path`: "app path
 * does not exist"); a folder holding only a `.gitignore` (e2e testdata/empty-dir, used by diff_test.go
 * `TestMaskSecretValues`) renders no objects, and its sync ends "successfully synced (no more tasks)" (gitops-engine
 * sync_context.go). `sim run --repo` reads such a folder so (runRepoEmptyDir.test.ts); the page reads it the same.
 */
import { describe, expect, it } from 'vitest';
import { playScenario } from './play';
import { parseScenario } from './scenario';

const scenario = (files: string, path = 'empty-dir') => `title: An empty folder
summary: A folder with only a .gitignore.
repo:
  revisions:
    - name: main
      files:
${files}
argocd: |
  apiVersion: argoproj.io/v1alpha1
  kind: Application
  metadata:
    name: empty
    namespace: argocd
  spec:
    project: default
    source:
      repoURL: https://github.com/org/manifests
      targetRevision: main
      path: ${path}
    destination:
      server: https://kubernetes.default.svc
      namespace: default
`;

describe('a page scenario repository with files that are not manifests (e2e testdata/empty-dir)', () => {
  it('testdata/empty-dir on the page: a path holding only a .gitignore syncs nothing and succeeds, Synced and Healthy', () => {
    const parsed = parseScenario(
      scenario(
        '        empty-dir/.gitignore: ""\n        web/README.md: |\n          # Not a manifest: kind: Pod\n        web/.keep:\n',
      ),
      'empty.yaml',
    );
    expect(parsed.platform!.revisions[0].files).toMatchObject({
      'empty-dir/.gitignore': [],
      'web/README.md': [],
      'web/.keep': [],
    });
    const status = playScenario(parsed).application.status;
    expect(status.operationState!.phase).toBe('Succeeded');
    expect(status.operationState!.message).toBe('successfully synced (no more tasks)');
    expect(status.operationState!.syncResult.resources ?? []).toEqual([]);
    expect(`${status.sync.status} ${status.health.status}`).toBe('Synced Healthy');
  });

  it('a manifest beside a README is still read and synced', () => {
    const parsed = parseScenario(
      scenario(
        '        web/README.md: "how to deploy"\n        web/cm.yaml: |\n          apiVersion: v1\n          kind: ConfigMap\n          metadata:\n            name: web\n',
        'web',
      ),
      'web.yaml',
    );
    const status = playScenario(parsed).application.status;
    expect(status.operationState!.syncResult.resources).toMatchObject([{ kind: 'ConfigMap', name: 'web' }]);
  });

  it('util/app/path Path: a directory that does not exist is still refused', () => {
    expect(() => parseScenario(scenario('        web/.keep: ""\n', 'not-there'), 'missing.yaml')).toThrow(
      /path "not-there" does not exist in the repository/,
    );
  });
});
