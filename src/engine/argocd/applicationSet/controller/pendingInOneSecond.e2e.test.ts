/**
 * A RollingSync step whose sync ends at its apply (a ConfigMap into `default`, a namespace that already exists, so
 * no namespace task and nothing to wait for): the Pending write, the operation, its completion and the full
 * refresh after it all fall in one second. Argo CD moves a Pending entry to Progressing once the app
 * was reconciled and its operation started after the entry's `lastTransitionTime`
 * (applicationset/progressivesync/progressive_sync.go L504-L518; progressive_sync_dependencies_test.go
 * `TestUpdateApplicationSetApplicationStatus` "moves a pending application to progressing when operation is
 * successful" and "does not move a pending application to progressing if it has not been reconciled since
 * transition"). The completion's full refresh rewrites `reconciledAt` with the same RFC 3339 text; it still
 * happened after the Pending write (argocd-semantics.md §5.0, order of happening), so the entry moves on and the
 * set syncs the app once. Before the fix the entry stayed Pending and the set synced the app again and again at
 * t 0 until the run stopped at 200,000 events.
 */
import { describe, expect, it } from 'vitest';
import type { AppOperationEvent, AppSetStatusEvent } from '../../../events';
import { runControlPlane } from '../../../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../../../types';
import { startApplicationSetController } from './applicationSetController';

const configMap = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name },
  data: { a: '1' },
});

function appSet(name: string, elements: JsonAny[]): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name, namespace: 'argocd' },
    spec: {
      goTemplate: true,
      generators: [{ list: { elements } }],
      strategy: {
        type: 'RollingSync',
        rollingSync: {
          steps: ['1', '2'].map((step) => ({
            matchExpressions: [{ key: 'step', operator: 'In', values: [step] }],
          })),
        },
      },
      template: {
        metadata: { name: '{{.name}}', labels: { step: '{{.step}}' } },
        spec: {
          project: 'default',
          source: { repoURL: 'https://github.com/org/manifests', targetRevision: 'main', path: '{{.name}}' },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'default' },
        },
      },
    },
  };
}

describe('RollingSync with syncs that end at their apply (progressive_sync.go L504-L518)', () => {
  it('TestUpdateApplicationSetApplicationStatus "moves a pending application to progressing when operation is successful": in the same second, each app is synced once and the rollout completes at t 0', () => {
    const result = runControlPlane({
      repository: {
        name: 'main',
        files: {
          'first/cm.yaml': [{ object: configMap('c1') }],
          'second/cm.yaml': [{ object: configMap('c2') }],
        },
      },
      objects: [
        appSet('set', [
          { name: 'first', step: '1' },
          { name: 'second', step: '2' },
        ]),
      ],
      progressiveSyncs: true,
      applicationSetController: startApplicationSetController,
    });
    const syncs = result.events.filter((e): e is AppOperationEvent => e.type === 'app-operation');
    expect(syncs.map((e) => `${e.t} ${e.app} ${e.initiator}`)).toEqual([
      '0 first applicationset-controller',
      '0 second applicationset-controller',
    ]);
    const first = result.events
      .filter((e): e is AppSetStatusEvent => e.type === 'appset-status' && e.app === 'first')
      .map((e) => `${e.status}: ${e.message}`);
    expect(first).toEqual([
      'Waiting: No Application status found, defaulting status to Waiting',
      'Pending: Application moved to Pending status, watching for the Application resource to start Progressing',
      'Progressing: Application resource completed a sync successfully, updating status from Pending to Progressing',
      'Healthy: Application resource became Healthy, updating status from Progressing to Healthy',
    ]);
    const rollout = result.applicationSets[0].status.conditions.find(
      (c: JsonAny) => c.type === 'RolloutProgressing',
    );
    expect(`${rollout.status} ${rollout.message}`).toBe('False ApplicationSet Rollout has completed');
    expect(result.events.length).toBeLessThan(100);
  });
});
