/**
 * SharedResourceWarning: an app one of whose resources carries another app's tracking annotation gets the
 * condition "<Kind>/<name> is part of applications <argocd/app> and <other>" on each comparison
 * (controller/state.go L855-L864); the sync goes on (a warning), unless `FailOnSharedResource=true`, which fails
 * the attempt with "Shared resource found: …" (controller/sync.go L224-L229; sync_test.go
 * `TestAppStateManager_SyncAppState` "will fail the sync if finds shared resources").
 */
import { describe, expect, it } from 'vitest';
import type { AppOperationEvent, OperationEvent } from '../events';
import { runControlPlane } from '../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../types';
import { startApplicationSetController } from './applicationSet/controller/applicationSetController';

const configMap = (name: string, value: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name },
  data: { value },
});

function application(name: string, path: string, syncOptions: string[] = []): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
      ...(syncOptions.length > 0 ? { syncPolicy: { syncOptions } } : {}),
    },
  };
}

const warnings = (app: JsonAny) =>
  (app.status.conditions ?? [])
    .filter((c: JsonAny) => c.type === 'SharedResourceWarning')
    .map((c: JsonAny) => c.message);

describe('SharedResourceWarning (controller/state.go L855-L864)', () => {
  it('TestAppStateManager_SyncAppState "will fail the sync if finds shared resources": FailOnSharedResource=true fails the sync with the other app named', () => {
    const result = runControlPlane({
      repository: {
        name: 'main',
        files: {
          'guestbook/cm.yaml': [{ object: configMap('configmap1', 'guestbook') }],
          'mine/cm.yaml': [{ object: configMap('configmap1', 'mine') }],
        },
      },
      objects: [
        application('guestbook', 'guestbook'),
        application('my-app', 'mine', ['FailOnSharedResource=true']),
      ],
    });
    const ended = result.events.filter(
      (e): e is OperationEvent & { app: string } => e.type === 'operation' && e.phase !== 'Running',
    );
    expect(ended.map((e) => `${e.app} ${e.phase} ${e.message}`)).toEqual([
      'guestbook Succeeded successfully synced (all tasks run)',
      'my-app Failed Shared resource found: ConfigMap/configmap1 is part of applications argocd/my-app and guestbook',
    ]);
    const mine = result.applications.find((a) => a.metadata.name === 'my-app')!;
    expect(warnings(mine)).toEqual([
      'ConfigMap/configmap1 is part of applications argocd/my-app and guestbook',
    ]);
    // The live object is still guestbook's: the failed sync applied nothing.
    const live = result.live.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'configmap1')!;
    expect(live.data.value).toBe('guestbook');
  });

  it('without FailOnSharedResource the sync goes on, and the app whose object the other took over carries the warning', () => {
    const result = runControlPlane({
      repository: {
        name: 'main',
        files: {
          'guestbook/cm.yaml': [{ object: configMap('configmap1', 'guestbook') }],
          'mine/cm.yaml': [{ object: configMap('configmap1', 'mine') }],
        },
      },
      objects: [application('guestbook', 'guestbook'), application('my-app', 'mine')],
    });
    const byName = new Map(result.applications.map((a) => [a.metadata.name, a]));
    expect(warnings(byName.get('guestbook'))).toEqual([
      'ConfigMap/configmap1 is part of applications argocd/guestbook and my-app',
    ]);
    expect(warnings(byName.get('my-app'))).toEqual([]);
    expect(byName.get('guestbook').status.sync.status).toBe('OutOfSync');
  });

  it('two RollingSync apps of one step managing one ConfigMap do not fight: each is synced once, fast, and the one overwritten carries the warning', () => {
    const set: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'shared', namespace: 'argocd' },
      spec: {
        goTemplate: true,
        generators: [{ list: { elements: [{ n: 'a' }, { n: 'b' }] } }],
        strategy: {
          type: 'RollingSync',
          rollingSync: { steps: [{ matchExpressions: [{ key: 'step', operator: 'In', values: ['1'] }] }] },
        },
        template: {
          metadata: { name: 'app-{{.n}}', labels: { step: '1' } },
          spec: {
            project: 'default',
            source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path: '{{.n}}' },
            destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
          },
        },
      },
    };
    const result = runControlPlane({
      repository: {
        name: 'main',
        files: {
          'a/cm.yaml': [{ object: configMap('shared', 'a') }],
          'b/cm.yaml': [{ object: configMap('shared', 'b') }],
        },
      },
      objects: [set],
      progressiveSyncs: true,
      applicationSetController: startApplicationSetController,
    });
    // "Fast" counted, not timed (a test holds at any load): two apps that fought would write each other's
    // ConfigMap, and log an event each time, until the run's end; at rest the run logs 36.
    expect(result.events.length).toBeLessThanOrEqual(50);
    const syncs = result.events.filter((e): e is AppOperationEvent => e.type === 'app-operation');
    expect(syncs.map((e) => e.app)).toEqual(['app-a', 'app-b']);
    const byName = new Map(result.applications.map((a) => [a.metadata.name, a]));
    expect(warnings(byName.get('app-a'))).toEqual([
      'ConfigMap/shared is part of applications argocd/app-a and app-b',
    ]);
    expect(warnings(byName.get('app-b'))).toEqual([]);
    // app-a stays OutOfSync, so its entry stays Progressing and the step never completes: the set does not sync
    // it again (it never retries a sync, progressive_sync.go), and nothing else writes: the run ends at rest.
    const appSet = result.applicationSets[0];
    expect(appSet.status.applicationStatus.map((e: JsonAny) => `${e.application} ${e.status}`)).toEqual([
      'app-a Progressing',
      'app-b Healthy',
    ]);
    const rollout = appSet.status.conditions.find((c: JsonAny) => c.type === 'RolloutProgressing');
    expect(rollout.message).toBe('ApplicationSet is performing rollout of step 1');
  });
});
