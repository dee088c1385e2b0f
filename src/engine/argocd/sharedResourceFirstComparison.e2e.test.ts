/**
 * FailOnSharedResource when the other app came first: gitops-engine's cluster cache gives each target its live
 * copy by key, whoever tracks it (pkg/cache/cluster.go `GetManagedLiveObjs`), so an Application created after
 * another applied the same object sees that app's tracking id in its very first comparison (controller/state.go
 * L855-L864, SharedResourceWarning), and a sync with `FailOnSharedResource=true` fails "Shared resource found: …"
 * (controller/sync.go L224-L229; sync_test.go `TestAppStateManager_SyncAppState` "will fail the sync if finds
 * shared resources"). Before, the late app's tracker only knew objects tracked by it, so it took the object over.
 */
import { describe, expect, it } from 'vitest';
import type { OperationEvent } from '../events';
import { runControlPlane } from '../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../types';

const configMap = (value: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'shared' },
  data: { value },
});

function application(name: string, syncPolicy: JsonAny): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path: name },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
      syncPolicy,
    },
  };
}

describe('FailOnSharedResource=true on an app created after the other synced (controller/sync.go L224-L229)', () => {
  const result = runControlPlane({
    repository: {
      name: 'main',
      files: { 'a/cm.yaml': [{ object: configMap('a') }], 'b/cm.yaml': [{ object: configMap('b') }] },
    },
    objects: [application('a', { automated: {} })],
    actions: [
      {
        at: 60,
        type: 'kubectl-apply',
        objects: [application('b', { syncOptions: ['FailOnSharedResource=true'] })],
      },
      { at: 70, type: 'sync', app: 'b' },
    ],
    untilSeconds: 200,
  });

  it("b's first comparison already carries the SharedResourceWarning naming a", () => {
    const b = result.applications.find((x) => x.metadata.name === 'b')!;
    expect(b.status.conditions.map((c: JsonAny) => `${c.type}: ${c.message}`)).toEqual([
      'SharedResourceWarning: ConfigMap/shared is part of applications argocd/b and a',
    ]);
  });

  it("b's sync fails with Argo CD's words, and the object stays a's", () => {
    const ended = result.events.filter(
      (e): e is OperationEvent & { app: string } => e.type === 'operation' && e.phase !== 'Running',
    );
    expect(ended.map((e) => `${e.t} ${e.app} ${e.phase} ${e.message}`)).toEqual([
      '0 a Succeeded successfully synced (all tasks run)',
      '70 b Failed Shared resource found: ConfigMap/shared is part of applications argocd/b and a',
    ]);
    const live = result.live.find((o) => o.kind === 'ConfigMap')!;
    expect(live.data.value).toBe('a');
    expect(live.metadata.annotations?.['argocd.argoproj.io/tracking-id']).toMatch(/^a:/);
  });
});
