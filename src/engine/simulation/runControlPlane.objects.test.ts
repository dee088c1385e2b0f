import { describe, expect, it } from 'vitest';
import type { RepoRevision } from '../argocd/repository';
import type { KubeObject } from '../types';
import { application } from '../../../test/kits/controlPlane.testKit';
import { clusterAt } from './objectHistory';
import { runControlPlane } from './runControlPlane';
import { configMap, job } from '../../../test/kits/simulation.testKit';

/**
 * A control-plane run records every version of every object, Argo CD's Applications included, so "the cluster at
 * t" (the page's terminal) sees each Application's status as the controller wrote it then: two operations in one
 * run, the first failing in PreSync, the second (a revert) succeeding (argocd-semantics.md §5.0, §5.4, §2.18).
 */
const revision = (name: string, migration: KubeObject): RepoRevision => ({
  name,
  files: {
    'app/hooks.yaml': [{ object: migration }],
    'app/config.yaml': [{ object: configMap('settings', { data: { VERSION: name } }) }],
  },
});
const good = (name: string) => revision(name, job('migrate', { hook: 'PreSync', runSeconds: 2 }));
const bad = revision('6.7.0', job('migrate', { hook: 'PreSync', script: 'echo broken; exit 1' }));

const result = runControlPlane({
  repository: good('6.7.1'),
  objects: [application('checkout-dev', { path: 'app', namespace: 'default' })],
  untilSeconds: 300,
  actions: [
    { at: 60, type: 'commit', revision: bad },
    { at: 61, type: 'sync', app: 'checkout-dev' },
    { at: 120, type: 'commit', revision: good('revert 6.7.0') },
    { at: 121, type: 'sync', app: 'checkout-dev' },
  ],
});

function appAt(t: number): KubeObject {
  const found = clusterAt(result.objects, t).find(
    (o) => o.kind === 'Application' && o.metadata.name === 'checkout-dev',
  );
  if (!found) throw new Error(`no Application at ${t}`);
  return found;
}

const endOf = (from: number) =>
  result.events.find((e) => e.type === 'operation' && e.t > from && e.phase !== 'Running')!.t;

describe('runControlPlane records the object history (the terminal at the cursor)', () => {
  it('the Application at each moment carries that moment’s operation, not the last one', () => {
    const failedAt = endOf(61);
    expect(appAt(failedAt).status.operationState.phase).toBe('Failed');
    expect(appAt(failedAt).status.operationState.startedAt).not.toBe(
      result.application.status.operationState.startedAt,
    );
    expect(appAt(100).status.sync.status).toBe('OutOfSync');
    const succeededAt = endOf(121);
    expect(appAt(succeededAt - 0.5).status.operationState.phase).toBe('Running');
    expect(appAt(succeededAt).status.operationState.phase).toBe('Succeeded');
    expect(appAt(succeededAt).status.operationState.finishedAt).toBe(
      result.application.status.operationState.finishedAt,
    );
  });

  it('status.history grows only with the successful syncs, as they happen (§5.4)', () => {
    expect(appAt(59).status.history).toHaveLength(1);
    expect(appAt(119).status.history).toHaveLength(1);
    expect(appAt(result.endT).status.history).toHaveLength(2);
    expect(appAt(result.endT).status.history[1].revision).toBe(result.application.status.sync.revision);
  });

  it('the namespaces of a fresh cluster are there from t 0', () => {
    const names = clusterAt(result.objects, 0)
      .filter((o) => o.kind === 'Namespace')
      .map((o) => o.metadata.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'kube-system', 'kube-public', 'argocd']));
  });
});
