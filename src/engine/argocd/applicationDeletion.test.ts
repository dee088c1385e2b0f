import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { deployment, pod, service } from '../../../test/kits/simulation.testKit';
import { filterObjectsForDeletion } from './applicationDeletion';

/** Deleting one Application (`argocd app delete`, `kubectl delete application`), e2e app_management_test.go. */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'guestbook/ui.yaml': [{ object: deployment('guestbook-ui') }, { object: service('guestbook-ui') }],
  },
};
const withFinalizer = (app: KubeObject): KubeObject => ({
  ...app,
  metadata: { ...app.metadata, finalizers: ['resources-finalizer.argocd.argoproj.io'] },
});

function run(actions: ControlPlaneAction[], objects: KubeObject[] = []) {
  return runControlPlane({ repository: repo, objects, actions, untilSeconds: 600 });
}

describe('deleting an Application', () => {
  it('TestAppDeletion: an app created but never synced (OutOfSync) is deleted and no longer listed', () => {
    const created = run([
      { at: 1, type: 'kubectl-apply', objects: [application('guestbook', { path: 'guestbook' })] },
    ]);
    expect(created.applications.find((a) => a.metadata.name === 'guestbook')?.status.sync.status).toBe(
      'OutOfSync',
    );
    const deleted = run([
      { at: 1, type: 'kubectl-apply', objects: [application('guestbook', { path: 'guestbook' })] },
      { at: 30, type: 'kubectl-delete', kind: 'Application', name: 'guestbook', namespace: 'argocd' },
    ]);
    expect(deleted.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
    expect(deleted.warnings).toEqual([]);
  });

  it("with the resources finalizer (--cascade), a synced app's resources go before it does", () => {
    const app = withFinalizer(application('guestbook', { path: 'guestbook' }));
    const result = run(
      [{ at: 60, type: 'kubectl-delete', kind: 'Application', name: 'guestbook', namespace: 'argocd' }],
      [app],
    );
    expect(result.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
    expect(result.live.filter((o) => o.metadata.name === 'guestbook-ui')).toEqual([]);
  });

  it('without it (--cascade=false), the resources stay', () => {
    const app = application('guestbook', { path: 'guestbook' });
    const result = run(
      [{ at: 60, type: 'kubectl-delete', kind: 'Application', name: 'guestbook', namespace: 'argocd' }],
      [app],
    );
    expect(result.applications.map((a) => a.metadata.name)).not.toContain('guestbook');
    const kinds = result.live.filter((o) => o.metadata.name === 'guestbook-ui').map((o) => o.kind);
    expect(kinds).toEqual(expect.arrayContaining(['Deployment', 'Service']));
  });
});

describe('TestFilterObjectsForDeletion (controller/sort_delete_test.go)', () => {
  const pods = (waves: string[]) => waves.map((wave, i) => pod(`pod-${i}`, { wave }));
  const wavesOf = (objs: readonly KubeObject[]) =>
    objs.map((o) => o.metadata.annotations?.['argocd.argoproj.io/sync-wave']);
  it.each([
    [
      ['1', '5', '7', '7', '4'],
      ['7', '7'],
    ],
    [['1', '5', '2', '2', '4'], ['5']],
    [['1'], ['1']],
    [[], []],
  ])('TestFilterObjectsForDeletion %j: only the highest wave is deleted in one pass', (input, want) => {
    expect(wavesOf(filterObjectsForDeletion(pods(input)))).toEqual(want);
  });
});
