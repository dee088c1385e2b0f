/**
 * `spec.ignoreDifferences` through the control plane: e2e diff_test.go `TestResourceDiffing` (a field changed by
 * hand makes the app OutOfSync until it is ignored; with `RespectIgnoreDifferences=true` a sync keeps the live
 * value, without it a sync writes Git's) and the docs' example (docs/user-guide/diffing.md: an HPA or a person
 * scales a Deployment, `/spec/replicas` ignored keeps the app Synced). Argo CD normalizes Git's and the live object
 * with the app's ignore rules before it diffs them (controller/state.go `CompareAppState` → util/argo/diff,
 * util/argo/normalizers/diff_normalizer.go), and copies the live values of ignored fields into the targets of a
 * sync with RespectIgnoreDifferences (controller/sync.go `normalizeTargetResources`).
 */
import { describe, expect, it } from 'vitest';
import { application } from '../../../test/kits/controlPlane.testKit';
import { deployment } from '../../../test/kits/simulation.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import type { JsonAny, KubeObject } from '../types';
import type { RepoRevision } from './repository';

const repo: RepoRevision = {
  name: 'main',
  files: { 'app/web.yaml': [{ object: deployment('web', { replicas: 2 }) }] },
};

function app(spec: JsonAny): KubeObject {
  const base = application('guestbook', { path: 'app' });
  return { ...base, spec: { ...base.spec, ...spec } };
}
const replicasIgnored = [{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }];
const scale = (at: number, n: number): ControlPlaneAction => ({
  at,
  type: 'intervention',
  command: `kubectl scale deployment web --replicas=${n}`,
});

function run(spec: JsonAny, actions: ControlPlaneAction[]) {
  const result = runControlPlane({ repository: repo, objects: [app(spec)], actions, untilSeconds: 300 });
  const guestbook = result.applications.find((a) => a.metadata.name === 'guestbook')!;
  const web = result.live.find((o) => o.kind === 'Deployment' && o.metadata.name === 'web')!;
  return { result, guestbook, web };
}
const outOfSyncAfter = (events: readonly JsonAny[], t: number) =>
  events.filter((e) => e.type === 'app' && e.t >= t && e.sync === 'OutOfSync');

describe('spec.ignoreDifferences jsonPointers (diffing.md; diff_test.go TestResourceDiffing)', () => {
  it('TestResourceDiffing: without the rule, kubectl scale makes the app OutOfSync', () => {
    const { result, guestbook } = run({ syncPolicy: { automated: {} } }, [scale(60, 5)]);
    expect(outOfSyncAfter(result.events, 60).length).toBeGreaterThan(0);
    expect(guestbook.status.sync.status).toBe('OutOfSync');
  });

  it('TestResourceDiffing: with /spec/replicas ignored, a hand scale leaves the app Synced and the replicas as scaled', () => {
    const { result, guestbook, web } = run(
      { ignoreDifferences: replicasIgnored, syncPolicy: { automated: { selfHeal: true } } },
      [scale(60, 5)],
    );
    expect(outOfSyncAfter(result.events, 60)).toEqual([]);
    expect(guestbook.status.sync.status).toBe('Synced');
    expect(guestbook.status.resources.map((r: JsonAny) => `${r.kind}/${r.name} ${r.status}`)).toEqual([
      'Deployment/web Synced',
    ]);
    // Self-heal has nothing to heal: the one operation is the first sync.
    expect(result.events.filter((e) => e.type === 'app-operation').map((e) => e.t)).toEqual([0]);
    expect(web.spec.replicas).toBe(5);
  });

  it("TestResourceDiffing: without RespectIgnoreDifferences a sync still writes Git's value", () => {
    const { web, guestbook } = run({ ignoreDifferences: replicasIgnored }, [
      { at: 0, type: 'sync', app: 'guestbook' },
      scale(60, 5),
      { at: 100, type: 'sync', app: 'guestbook' },
    ]);
    expect(web.spec.replicas).toBe(2);
    expect(guestbook.status.sync.status).toBe('Synced');
  });

  it('TestResourceDiffing: RespectIgnoreDifferences=true keeps the live value through a sync', () => {
    const { web, guestbook, result } = run(
      { ignoreDifferences: replicasIgnored, syncPolicy: { syncOptions: ['RespectIgnoreDifferences=true'] } },
      [{ at: 0, type: 'sync', app: 'guestbook' }, scale(60, 5), { at: 100, type: 'sync', app: 'guestbook' }],
    );
    expect(result.events.filter((e) => e.type === 'app-operation').map((e) => e.t)).toEqual([0, 100]);
    expect(guestbook.status.operationState.phase).toBe('Succeeded');
    expect(web.spec.replicas).toBe(5);
    expect(guestbook.status.sync.status).toBe('Synced');
  });
});

describe('spec.ignoreDifferences jqPathExpressions (diffing.md)', () => {
  // The docs select an injected init container by name; a toleration is selected the same way here, as the
  // sandbox's kubelet is slow to run a Deployment whose pods have init containers.
  const web = deployment('web', { replicas: 2 });
  const tolerated: KubeObject = {
    ...web,
    spec: {
      ...web.spec,
      template: {
        ...web.spec.template,
        spec: { ...web.spec.template.spec, tolerations: [{ key: 'git', operator: 'Exists' }] },
      },
    },
  };
  const inject = (key: string): ControlPlaneAction => ({
    at: 60,
    type: 'intervention',
    command: `kubectl patch deployment web --type json -p '[{"op":"add","path":"/spec/template/spec/tolerations/-","value":{"key":"${key}","operator":"Exists"}}]'`,
  });
  const spec = {
    ignoreDifferences: [
      {
        group: 'apps',
        kind: 'Deployment',
        jqPathExpressions: ['.spec.template.spec.tolerations[] | select(.key == "injected")'],
      },
    ],
  };
  const runWith = (key: string) => {
    const result = runControlPlane({
      repository: { name: 'main', files: { 'app/web.yaml': [{ object: tolerated }] } },
      objects: [app(spec)],
      actions: [{ at: 0, type: 'sync', app: 'guestbook' }, inject(key)],
      untilSeconds: 200,
    });
    expect(result.refused).toEqual([]);
    const live = result.live.find((o) => o.kind === 'Deployment')!;
    const status = result.applications[0].status.sync.status;
    return { keys: live.spec.template.spec.tolerations.map((t: JsonAny) => t.key), status };
  };

  it('the docs example: an injected list element selected by name is ignored, another one is not', () => {
    expect(runWith('injected')).toEqual({ keys: ['git', 'injected'], status: 'Synced' });
    expect(runWith('other')).toEqual({ keys: ['git', 'other'], status: 'OutOfSync' });
  });
});
