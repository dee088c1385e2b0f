/**
 * An Application path that holds only a file that is not a manifest. Argo CD fails a source only when
 * its directory does not exist (util/app/path `Path`: "app path does not exist"); a folder holding only a
 * `.gitignore` (e2e testdata/empty-dir, used by diff_test.go `TestMaskSecretValues`) renders no objects, and its
 * sync ends "successfully synced (no more tasks)" (gitops-engine sync_context.go L673).
 */
import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

const fixtures = 'test/fixtures/empty-dir';

describe('sim run --repo with an Application path holding no manifest (e2e testdata/empty-dir)', () => {
  it('testdata/empty-dir: a path holding only a .gitignore syncs nothing and succeeds, Synced and Healthy', () => {
    const result = run(['--repo', `${fixtures}/repo`, `${fixtures}/app.yaml`, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { application: JsonAny; events: SimEvent[] };
    const status = json.application.status;
    expect(status.operationState.phase).toBe('Succeeded');
    expect(status.operationState.message).toBe('successfully synced (no more tasks)');
    expect(status.operationState.syncResult.resources ?? []).toEqual([]);
    expect(`${status.sync.status} ${status.health.status}`).toBe('Synced Healthy');
  });

  it('util/app/path Path: a directory that does not exist is still refused', () => {
    const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: missing
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://github.com/org/manifests
    targetRevision: main
    path: not-there
  destination:
    server: https://kubernetes.default.svc
    namespace: default
`;
    const result = run(['--repo', `${fixtures}/repo`, 'missing.yaml'], { 'missing.yaml': app });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('path "not-there" does not exist in the repository');
  });

  it('a RollingSync step whose app has nothing to sync is Healthy at once and opens the next step', () => {
    const result = run([
      '--repo',
      `${fixtures}/repo`,
      `${fixtures}/set.yaml`,
      '--progressive-syncs',
      '--json',
    ]);
    expect(result.stderr).toBe('');
    const json = JSON.parse(result.stdout) as { events: SimEvent[] };
    const rows = json.events
      .filter((e) => e.type === 'appset-status' || e.type === 'app-operation')
      .map((e) => (e.type === 'appset-status' ? `${e.t} ${e.app} ${e.status}` : `${e.t} ${e.app} synced`));
    expect(rows).toEqual([
      '0 app-empty-dir Healthy',
      '0 app-web Waiting',
      '0 app-web Pending',
      '0 app-web synced',
      '0 app-web Progressing',
      '0 app-web Healthy',
    ]);
  });
});
