import { describe, expect, it } from 'vitest';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap, deployment } from '../../../test/kits/simulation.testKit';
import { resourcesByLabel } from './resourcesByLabel';

/**
 * `argocd app sync APP --label KEY=VALUE` (cmd/argocd/commands/app.go): a selective sync of the app's resources whose
 * manifests carry one of the labels, refused when none does.
 */
const labelled = (obj: KubeObject, labels: Record<string, string>): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, labels: { ...obj.metadata.labels, ...labels } },
});
const revision = (version: string): RepoRevision => ({
  name: version,
  files: {
    'guestbook/ui.yaml': [
      {
        object: labelled(deployment('guestbook-ui', { image: `ks-guestbook-demo:${version}` }), {
          'app.kubernetes.io/instance': 'guestbook',
        }),
      },
      { object: configMap('guestbook-settings', { data: { version } }) },
    ],
  },
});

function run(actions: ControlPlaneAction[]) {
  const result = runControlPlane({
    repository: revision('0.1'),
    objects: [application('guestbook', { path: 'guestbook' })],
    actions,
    untilSeconds: 600,
  });
  return { result, app: result.applications.find((a) => a.metadata.name === 'guestbook')! };
}

describe('argocd app sync --label', () => {
  it('TestSyncResourceByLabel: a label on the manifests syncs; a label nothing carries is refused and changes nothing', () => {
    const synced = run([
      {
        at: 60,
        type: 'sync',
        app: 'guestbook',
        labels: [{ name: 'app.kubernetes.io/instance', value: 'guestbook' }],
      },
    ]);
    expect(synced.result.warnings).toEqual([]);
    expect(synced.app.status.sync.status).toBe('Synced');
    expect(synced.app.status.operationState.operation.sync.resources).toEqual([
      { group: 'apps', kind: 'Deployment', name: 'guestbook-ui' },
    ]);

    const refused = run([
      { at: 60, type: 'sync', app: 'guestbook', labels: [{ name: 'this-label', value: 'does-not-exist' }] },
    ]);
    expect(refused.result.warnings).toEqual([
      'sync guestbook: No matching resources found for labels: [this-label=does-not-exist]',
    ]);
    expect(refused.result.events.filter((e) => e.type === 'app-operation')).toHaveLength(1);
    expect(refused.app.status.sync.status).toBe('Synced');
  });

  it('syncs only the labelled resources of a new commit: the rest stays OutOfSync, no history entry', () => {
    const { app, result } = run([
      { at: 60, type: 'commit', revision: revision('0.2') },
      {
        at: 61,
        type: 'sync',
        app: 'guestbook',
        labels: [{ name: 'app.kubernetes.io/instance', value: 'guestbook' }],
      },
    ]);
    const live = (kind: string) => result.live.find((o) => o.kind === kind)!;
    expect(live('Deployment').spec.template.spec.containers[0].image).toBe('ks-guestbook-demo:0.2');
    expect(live('ConfigMap').data).toEqual({ version: '0.1' });
    expect(app.status.operationState.phase).toBe('Succeeded');
    expect(app.status.sync.status).toBe('OutOfSync');
    const rows = app.status.resources.map((r: JsonAny) => `${r.kind}:${r.status}`);
    expect(rows).toEqual(['ConfigMap:OutOfSync', 'Deployment:Synced']);
    expect(app.status.history).toHaveLength(1);
  });

  it('narrows labelled manifests to the app resources: a hook with the label is not one of them', () => {
    const hook = labelled(configMap('migrate'), { tier: 'db' });
    hook.metadata.annotations = { 'argocd.argoproj.io/hook': 'PreSync' };
    expect(resourcesByLabel([hook], [], [{ name: 'tier', value: 'db' }])).toEqual({
      refused: 'No matching app resources found for resource filter: :ConfigMap:migrate',
    });
  });
});
