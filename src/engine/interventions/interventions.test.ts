import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import type { RepoRevision } from '../argocd/repository';
import { application } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import { configMap, deployment, job, service } from '../../../test/kits/simulation.testKit';
import type { JsonAny } from '../types';

/**
 * Interventions: kubectl, argocd and git commands typed at a moment of a run, and how the simulated
 * cluster and Argo CD answer them. Each expectation cites the Kubernetes or Argo CD behaviour it follows.
 */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'app/settings.yaml': [{ object: configMap('settings') }],
    'app/web.yaml': [{ object: deployment('web', { replicas: 2 }) }, { object: service('web') }],
    'app/migrate.yaml': [{ object: job('migrate', { runSeconds: 1 }) }],
  },
};

function run(commands: string[], automated: JsonAny = { selfHeal: true }, repository = repo) {
  const result = runControlPlane({
    repository,
    objects: [application('guestbook', { path: 'app', automated })],
    actions: commands.map((command, i) => ({ at: 60 + i * 100, type: 'intervention' as const, command })),
    untilSeconds: 3000,
  });
  const app = result.applications.find((a) => a.metadata.name === 'guestbook')!;
  return { result, app };
}
const outputs = (events: SimEvent[]) =>
  events.flatMap((e) => (e.type === 'intervention' ? [[e.t, e.output, e.refused === true]] : []));
const starts = (events: SimEvent[]) => events.filter((e) => e.type === 'app-operation').map((e) => e.t);
const live = (result: { live: JsonAny[] }, kind: string, name: string) =>
  result.live.find((o) => o.kind === kind && o.metadata.name === name);

describe('kubectl changes that are drift, undone by self-heal (e2e app_autosync_test.go TestAutoSyncSelfHealEnabled)', () => {
  const { result, app } = run([
    'kubectl delete deploy web',
    'kubectl scale deploy/web --replicas=5',
    `kubectl edit cm/settings -p '{"data":{"key":"edited by hand"}}'`,
    'kubectl set image deploy/web main=nginx:1.28',
  ]);

  it("each prints kubectl's own line", () => {
    expect(outputs(result.events)).toEqual([
      [60, 'deployment.apps "web" deleted', false],
      [160, 'deployment.apps/web scaled', false],
      [260, 'configmap/settings edited', false],
      [360, 'deployment.apps/web image updated', false],
    ]);
  });

  it('each makes the app OutOfSync and starts a self-heal in the same instant (handleObjectUpdated)', () => {
    expect(starts(result.events)).toEqual([0, 60, 160, 260, 360]);
    for (const t of [60, 160, 260, 360])
      expect(result.events.some((e) => e.type === 'app' && e.t === t && e.sync === 'OutOfSync')).toBe(true);
  });

  it("Git wins: replicas, data and image are Git's again, and the app ends Synced and Healthy", () => {
    expect(live(result, 'Deployment', 'web')?.spec.replicas).toBe(2);
    expect(live(result, 'Deployment', 'web')?.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(live(result, 'ConfigMap', 'settings')?.data).toEqual({ key: 'settings' });
    expect([app.status.sync.status, app.status.health.status]).toEqual(['Synced', 'Healthy']);
  });
});

describe('changes that are not drift: fields Git does not set (argocd-semantics.md §1.7, three-way diff)', () => {
  const { result, app } = run([
    'kubectl annotate deploy/web note=hello',
    'kubectl label cm/settings owner=me',
    'kubectl rollout restart deploy/web',
  ]);

  it('annotate, label and rollout restart leave the app Synced: no self-heal runs', () => {
    expect(outputs(result.events).map(([, output]) => output)).toEqual([
      'deployment.apps/web annotated',
      'configmap/settings labeled',
      'deployment.apps/web restarted',
    ]);
    expect(starts(result.events)).toEqual([0]);
    expect(result.events.filter((e) => e.type === 'app' && e.t > 0 && e.sync === 'OutOfSync')).toEqual([]);
    expect(app.status.sync.status).toBe('Synced');
  });

  it('rollout restart stamps the template with kubectl.kubernetes.io/restartedAt, so a new ReplicaSet rolls out', () => {
    const web = live(result, 'Deployment', 'web')!;
    expect(web.spec.template.metadata.annotations['kubectl.kubernetes.io/restartedAt']).toBe(
      '2026-01-01T00:04:20Z',
    );
    expect(result.live.filter((o) => o.kind === 'ReplicaSet')).toHaveLength(2);
  });
});

describe('kubectl edit of a status-only field is not drift (argocd-cm ignoreResourceUpdates /status; PrepareForUpdate)', () => {
  const { result, app } = run([`kubectl patch deploy web -p '{"status":{"replicas":9}}'`]);

  it('the API server drops the status of a main-resource write: "patched (no change)", nothing changes', () => {
    expect(outputs(result.events)).toEqual([[60, 'deployment.apps/web patched (no change)', false]]);
    expect(live(result, 'Deployment', 'web')?.status.replicas).toBe(2);
    expect(starts(result.events)).toEqual([0]);
    expect(app.status.sync.status).toBe('Synced');
  });
});

describe("immutable fields are refused with the API server's message, and nothing changes", () => {
  const { result } = run([
    `kubectl patch deploy/web -p '{"spec":{"selector":{"matchLabels":{"app":"other"}}}}'`,
    `kubectl patch svc/web -p '{"spec":{"clusterIP":"10.96.0.99"}}'`,
    `kubectl patch job/migrate --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"busybox:1.37"}]'`,
  ]);

  it('ValidateDeploymentUpdate: spec.selector is immutable', () => {
    expect(result.refused[0]).toEqual({
      index: 0,
      at: 60,
      command: `kubectl patch deploy/web -p '{"spec":{"selector":{"matchLabels":{"app":"other"}}}}'`,
      error:
        'The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    });
    expect(live(result, 'Deployment', 'web')?.spec.selector).toEqual({ matchLabels: { app: 'web' } });
  });

  it("ValidateServiceUpdate: a Service's cluster IP may not change once set", () => {
    expect(result.refused[1].error).toMatch(
      /^The Service "web" is invalid: spec\.clusterIPs\[0\]: Invalid value: \[\]string\{"10\.96\.0\.99"\}: may not change once set$/,
    );
    expect(live(result, 'Service', 'web')?.spec.clusterIP).not.toBe('10.96.0.99');
  });

  it("ValidateJobUpdate: a Job's pod template is immutable", () => {
    expect(result.refused[2]).toMatchObject({
      index: 2,
      error:
        'The Job "migrate" is invalid: spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable',
    });
    expect(live(result, 'Job', 'migrate')?.spec.template.spec.containers[0].image).toBe('busybox:1.36');
    expect(starts(result.events)).toEqual([0]);
  });
});

describe("bad interventions get kubectl's (or argocd's) own error and change nothing", () => {
  const { result, app } = run([
    'kubectl delete deploy nope',
    `kubectl patch deploy/web -p '{bad'`,
    'kubectl label deploy/web team=Bad!Value',
    'kubectl scale deploy/web --replicas=-1',
    'kubectl get pods',
    'kubectl delete widgets x',
    'argocd app sync nope',
    'argocd app terminate-op guestbook',
  ]);

  it('each is refused at its own position, with the text the tool prints', () => {
    const errors = result.refused.map((r) => [r.index, r.error]);
    expect(errors[0]).toEqual([0, 'Error from server (NotFound): deployments.apps "nope" not found']);
    expect(errors[1][1]).toMatch(/^error: unable to parse "\{bad": /);
    expect(errors[2][1]).toMatch(
      /^The Deployment "web" is invalid: metadata\.labels: Invalid value: "Bad!Value": a valid label must be an empty string/,
    );
    expect(errors[3]).toEqual([
      3,
      'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0',
    ]);
    expect(errors[4][0]).toBe(4);
    expect(errors[5]).toEqual([5, 'error: the server doesn\'t have a resource type "widgets"']);
    expect(errors[6]).toEqual([
      6,
      'FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "nope" not found',
    ]);
    // server/application/application.go TerminateOperation L2525.
    expect(errors[7]).toEqual([
      7,
      'FATA[0000] rpc error: code = InvalidArgument desc = Unable to terminate operation. No operation is in progress',
    ]);
  });

  it('the cluster and the app are as they were: no operation, Synced', () => {
    expect(starts(result.events)).toEqual([0]);
    expect(live(result, 'Deployment', 'web')?.metadata.labels).toBeUndefined();
    expect(app.status.sync.status).toBe('Synced');
  });
});

describe('argocd app set --sync-policy automated --self-heal (cmd/util/app.go SetAppSpecOptions)', () => {
  const { result, app } = run(['kubectl delete cm settings', 'argocd app set guestbook --self-heal'], {
    prune: false,
  });

  it('without self-heal the deletion stays OutOfSync (e2e TestAutoSyncSelfHealDisabled)', () => {
    const before = result.events.filter((e) => e.type === 'app' && e.t >= 60 && e.t < 160);
    expect(before.at(-1)).toMatchObject({ sync: 'OutOfSync' });
  });

  it('turning self-heal on refreshes at once and heals (appcontroller.go automatedSyncEnabled, L2929)', () => {
    expect(starts(result.events)).toEqual([0, 160]);
    expect(app.spec.syncPolicy.automated).toEqual({ prune: false, selfHeal: true });
    expect(app.status.operationState.operation.sync.selfHealAttemptsCount).toBe(1);
    expect(live(result, 'ConfigMap', 'settings')).toBeDefined();
  });
});

describe("git commit: the commit becomes the repository's new revision at that moment", () => {
  const next: RepoRevision = {
    name: 'bump',
    files: {
      ...repo.files,
      'app/settings.yaml': [{ object: configMap('settings', { data: { key: 'v2' } }) }],
    },
  };
  const result = runControlPlane({
    repository: repo,
    objects: [application('guestbook', { path: 'app', automated: { selfHeal: true } })],
    actions: [{ at: 60, type: 'intervention', command: 'git commit -m "settings v2"', revision: next }],
    untilSeconds: 600,
  });

  it('logs the command and the commit, and the next refresh auto-syncs the new revision', () => {
    const i = result.events.findIndex((e) => e.type === 'intervention');
    expect(result.events[i]).toMatchObject({
      t: 60,
      output: expect.stringMatching(/^\[main [0-9a-f]{7}\] settings v2$/),
    });
    expect(result.events[i + 1]).toMatchObject({ t: 60, type: 'commit' });
    expect(live(result, 'ConfigMap', 'settings')?.data).toEqual({ key: 'v2' });
    expect(result.application.status.history).toHaveLength(2);
  });
});
