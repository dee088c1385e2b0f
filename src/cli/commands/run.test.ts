import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApplicationJson, KubeObject, SimEvent } from '../../engine';
import type { CommandIo } from '../command';
import { sim } from '../sim';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs `sim run …` in-process. Paths under scenarios/ read the real files; other paths read the in-memory
 * `files`, and a name in neither reads like a missing file.
 */
function run(args: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile(path) {
      if (path in files) return files[path];
      if (path.startsWith('scenarios/')) return readFileSync(`${root}${path}`, 'utf8');
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(['run', ...args], io);
  return { code, stdout, stderr };
}

interface RunJson {
  application: ApplicationJson;
  events: SimEvent[];
  live: KubeObject[];
}

function runJson(args: string[], files: Record<string, string> = {}): RunJson {
  const result = run([...args, '--json'], files);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as RunJson;
}

const manifests = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: blue
---
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    argocd.argoproj.io/hook: PreSync
    sandbox.argocd.dev/run-seconds: "2"
spec:
  backoffLimit: 0
  template:
    spec:
      containers: [{ name: migrate, image: busybox:1.36 }]
      restartPolicy: Never
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    argocd.argoproj.io/sync-wave: "1"
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers: [{ name: web, image: nginx:1.27 }]
`;

const live = `apiVersion: v1
kind: ConfigMap
metadata:
  name: retired
  annotations:
    argocd.argoproj.io/sync-wave: "-1"
`;

const files = { 'app.yaml': manifests, 'live.yaml': live };
const applies = (r: RunJson) =>
  r.events.flatMap((e) => (e.type === 'apply' ? [`${e.phase} ${e.kind}/${e.name}`] : []));
const order = (r: RunJson) =>
  r.events.flatMap((e) => (e.type === 'apply' || e.type === 'delete' ? [`${e.type} ${e.name}`] : []));
const deletes = (r: RunJson) =>
  r.events.flatMap((e) => (e.type === 'delete' ? [`${e.kind}/${e.name} ${e.reason}`] : []));

describe('sim run on a scenario file', () => {
  it('prints the result like argocd app get --show-operation', () => {
    const { code, stdout, stderr } = run(['scenarios/three-tier.yaml']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Name: +argocd\/three-tier$/m);
    expect(stdout).toMatch(/^Phase: +Succeeded$/m);
    expect(stdout).toMatch(/^Sync Status: +Synced to /m);
    expect(stdout).toMatch(/^Health Status: +Healthy$/m);
    expect(stdout).toMatch(/^batch +Job +three-tier +smoke-test +Succeeded +Synced +PostSync/m);
  });

  it('prints the result object of contract.md §1.2 with --json', () => {
    const { application, live: objects } = runJson(['scenarios/three-tier.yaml']);
    expect(application).toMatchObject({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'three-tier', namespace: 'argocd' },
      spec: { destination: { namespace: 'three-tier' } },
      status: {
        sync: { status: 'Synced' },
        health: { status: 'Healthy' },
        operationState: {
          phase: 'Succeeded',
          message: 'successfully synced (no more tasks)',
          startedAt: '2026-01-01T00:00:00Z',
        },
      },
    });
    const op = application.status.operationState!;
    expect(op.finishedAt).toMatch(/^2026-01-01T00:00:\d\dZ$/);
    for (const row of op.syncResult!.resources) {
      // `images` is there only for objects with containers (Argo CD's `omitempty`), checked below.
      expect(
        Object.keys(row)
          .filter((k) => k !== 'images')
          .sort(),
      ).toEqual(
        [
          'group',
          'hookPhase',
          'hookType',
          'kind',
          'message',
          'name',
          'namespace',
          'status',
          'syncPhase',
          'version',
        ].sort(),
      );
    }
    // gitops-engine ResourceSyncResult.Images: each row carries its object's container images, or none.
    const rows = op.syncResult!.resources;
    const frontend = rows.find((r) => r.name === 'frontend' && r.kind === 'Deployment')!;
    expect(frontend.images).toEqual([expect.stringMatching(/\S+:\S+/)]);
    expect(
      rows.filter((r) => r.kind === 'ConfigMap' || r.kind === 'Service').every((r) => !('images' in r)),
    ).toBe(true);
    expect(
      application.status.resources.find((r) => r.name === 'frontend' && r.kind === 'Deployment'),
    ).toMatchObject({
      group: 'apps',
      version: 'v1',
      namespace: 'three-tier',
      status: 'Synced',
      health: { status: 'Healthy' },
    });
    expect(objects.some((o) => o.kind === 'Deployment' && o.metadata.name === 'frontend' && o.status)).toBe(
      true,
    );
  });

  it('logs the five contract event types, in time order, with their fields', () => {
    const { events } = runJson(['scenarios/three-tier.yaml']);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['operation', 'step', 'apply', 'delete', 'health']) expect(types).toContain(type);
    for (let i = 1; i < events.length; i++) expect(events[i].t).toBeGreaterThanOrEqual(events[i - 1].t);
    const apply = events.find((e) => e.type === 'apply' && e.name === 'frontend' && e.kind === 'Deployment');
    expect(apply).toMatchObject({
      namespace: 'three-tier',
      phase: 'Sync',
      wave: 2,
      hook: false,
      result: 'created',
    });
    const hookApply = events.find((e) => e.type === 'apply' && e.name === 'smoke-test');
    expect(hookApply).toMatchObject({ phase: 'PostSync', hook: true });
    expect(events.find((e) => e.type === 'step')).toMatchObject({ phase: 'PreSync', wave: 0 });
    expect(events.find((e) => e.type === 'delete')).toMatchObject({ kind: 'Job', reason: 'HookSucceeded' });
    expect(events.find((e) => e.type === 'health' && e.status === 'Healthy')).toHaveProperty('message');
  });
});

describe('sim run on plain manifests', () => {
  it('syncs the files as one app: PreSync hook, then the waves', () => {
    const result = runJson(['app.yaml'], files);
    expect(applies(result)).toEqual([
      'PreSync Job/migrate',
      'Sync ConfigMap/settings',
      'Sync Deployment/web',
    ]);
    expect(result.application.metadata.name).toBe('app');
    expect(result.application.spec.destination.namespace).toBe('default');
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
  });

  it('--live without --prune: the extra object is PruneSkipped and the app OutOfSync', () => {
    const result = runJson(['app.yaml', '--live', 'live.yaml'], files);
    const row = result.application.status.operationState!.syncResult!.resources.find(
      (r) => r.name === 'retired',
    );
    expect(row).toMatchObject({ status: 'PruneSkipped', message: 'ignored (requires pruning)' });
    expect(deletes(result)).toEqual([]);
    expect(result.application.status.sync.status).toBe('OutOfSync');
  });

  it('--live with --prune: the extra object is pruned and the app Synced', () => {
    const result = runJson(['app.yaml', '--live', 'live.yaml', '--prune'], files);
    expect(deletes(result)).toEqual(['ConfigMap/retired prune']);
    // Its wave -1 comes before the ConfigMap of wave 0.
    expect(order(result).slice(1, 3)).toEqual(['delete retired', 'apply settings']);
    expect(result.application.status.sync.status).toBe('Synced');
    expect(result.live.some((o) => o.metadata.name === 'retired')).toBe(false);
  });

  it('--sync-option PruneLast=true prunes after the last Sync wave', () => {
    const result = runJson(
      ['app.yaml', '--live', 'live.yaml', '--prune', '--sync-option', 'PruneLast=true'],
      files,
    );
    expect(order(result).slice(-2)).toEqual(['apply web', 'delete retired']);
  });

  it('--sync-option CreateNamespace=true --namespace creates the namespace first', () => {
    const result = runJson(
      ['app.yaml', '--namespace', 'shop', '--sync-option', 'CreateNamespace=true'],
      files,
    );
    expect(applies(result)[0]).toBe('PreSync Namespace/shop');
    expect(result.live.find((o) => o.kind === 'Deployment')?.metadata.namespace).toBe('shop');
  });

  it('--fail job/migrate fails the PreSync hook and applies nothing of Sync', () => {
    const result = runJson(['app.yaml', '--fail', 'Job/migrate'], files);
    expect(result.application.status.operationState).toMatchObject({
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully',
    });
    expect(applies(result)).toEqual(['PreSync Job/migrate']);
  });

  it('--until stops a sync that has not ended', () => {
    const result = runJson(['app.yaml', '--until', '3'], files);
    expect(result.application.status.operationState?.phase).toBe('Running');
    expect(result.events.every((e) => e.t <= 3)).toBe(true);
  });
});

describe('sim run with unusable input', () => {
  function expectUsageError(args: string[], extra: Record<string, string>, stderr: RegExp) {
    const result = run(args, { ...files, ...extra });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(stderr);
  }

  it('a YAML syntax error names file:line:column', () => {
    const bad = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [a\n';
    expectUsageError(
      ['app.yaml', 'bad.yaml'],
      { 'bad.yaml': bad },
      /^sim run: bad\.yaml:5:1: invalid YAML: /,
    );
  });

  it('a document without kind names the document', () => {
    const noKind =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nmetadata:\n  name: b\n';
    expectUsageError(
      ['nokind.yaml'],
      { 'nokind.yaml': noKind },
      /^sim run: nokind\.yaml:6:1: "kind" is missing/,
    );
  });

  it('an error in a scenario manifest names the line of the scenario file', () => {
    const scenario = [
      'title: broken',
      'revisions:',
      '  - name: v1',
      '    manifests: |',
      '      apiVersion: v1',
      '      metadata:',
      '        name: a',
    ].join('\n');
    expectUsageError(
      ['broken.yaml'],
      { 'broken.yaml': scenario },
      /^sim run: broken\.yaml:5:7: "kind" is missing/,
    );
  });

  it('an unknown option, a missing value or a missing file', () => {
    expectUsageError(['app.yaml', '--bogus'], {}, /^sim run: --bogus: unknown option$/m);
    expectUsageError(['app.yaml', '--live'], {}, /^sim run: --live: needs a value$/m);
    expectUsageError(['missing.yaml'], {}, /^sim run: cannot read missing\.yaml: no such file or directory/);
  });

  it('warns about a duplicated object and a non-integer wave, and still runs', () => {
    const twice =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n' +
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';
    const dup = run(['dup.yaml'], { 'dup.yaml': twice });
    expect(dup.code).toBe(0);
    expect(dup.stderr).toContain(
      'warning: Resource /ConfigMap/default/a appeared 2 times among application resources.',
    );
    const wave =
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    argocd.argoproj.io/sync-wave: "one"\n';
    const odd = run(['wave.yaml'], { 'wave.yaml': wave });
    expect(odd.code).toBe(0);
    expect(odd.stderr).toContain('argocd.argoproj.io/sync-wave "one" is not an integer, so it is ignored');
    expect(odd.stdout).toMatch(/^Phase: +Succeeded$/m);
  });

  it('runs a file with a duplicate key, using the last value, and warns with file:line:column', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: one\n  k: two\n';
    const result = run(['dup.yaml', '--json'], { 'dup.yaml': text });
    expect(result.code).toBe(0);
    const { live } = JSON.parse(result.stdout) as RunJson;
    expect(live.find((o) => o.metadata.name === 'a')?.data).toEqual({ k: 'two' });
    expect(result.stderr).toBe(
      'warning: dup.yaml:7:3: duplicate key "k" (first set 1 line above): the last value is used, as Argo CD does\n',
    );
  });

  it("points at a field the API server cannot decode, then fails the sync on it in the server's words", () => {
    // Argo CD reads the manifest and the apply fails (e2e TestSyncOptionValidateFalse); the reader still names the
    // place first, as it does every other bad input.
    const text =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: "3"\n  selector:\n' +
      '    matchLabels: { app: web }\n  template:\n    metadata:\n      labels: { app: web }\n    spec:\n' +
      '      containers:\n        - name: web\n          image: nginx\n';
    const result = run(['web.yaml'], { 'web.yaml': text });
    const decoding =
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct ' +
      'field DeploymentSpec.spec.replicas of type int32';
    expect(result.stderr).toBe(
      `warning: web.yaml:6:13: spec.replicas: the API server will refuse this object at sync: ${decoding}\n`,
    );
    expect(result.stdout).toMatch(/^Phase: +Failed$/m);
    expect(result.stdout).toContain(decoding);
  });

  it('names such a field in a file applied by --then too (kubectl apply -f reads it as sim run reads its files)', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: one\n';
    const web = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: "3"\n';
    const result = run(['cm.yaml', '--then', '5:kubectl apply -f web.yaml'], {
      'cm.yaml': cm,
      'web.yaml': web,
    });
    expect(result.stderr).toContain(
      'warning: web.yaml:6:13: spec.replicas: the API server will refuse this object at sync',
    );
  });
});

describe('npm run sim (a real process)', () => {
  it('runs the three-tier scenario and prints parseable JSON', () => {
    const child = spawnSync(
      'npm',
      ['run', '--silent', 'sim', '--', 'run', 'scenarios/three-tier.yaml', '--json'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stdout) as RunJson;
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
    expect(result.events.length).toBeGreaterThan(50);
  });
});
