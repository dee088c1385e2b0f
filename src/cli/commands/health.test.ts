import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseManifests } from '../../scenarios/manifests';
import type { CommandIo } from '../command';
import { health } from './health';

const fixtureDir = new URL('../../../test/fixtures/health/', import.meta.url);
const fixtures = readdirSync(fixtureDir).filter((f) => f.endsWith('.yaml'));

/** Runs `sim health` in-process over in-memory files (a missing name reads like a missing file). */
function run(args: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile(path) {
      if (path in files) return files[path];
      if (path.startsWith('fixtures/'))
        return readFileSync(new URL(path.slice('fixtures/'.length), fixtureDir), 'utf8');
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = health(args, io);
  return { code, stdout, stderr };
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: backend
  generation: 2
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: api
          image: ghcr.io/stefanprodan/podinfo:6.7.1
status:
  observedGeneration: 2
  replicas: 2
  updatedReplicas: 2
  availableReplicas: 1
`;

describe('sim health', () => {
  it('prints one JSON line per document, with exactly kind, name, status and message', () => {
    const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';
    const result = run(['app.yaml'], { 'app.yaml': `${deployment}---\n${configMap}` });
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        '{"kind":"Deployment","name":"backend","status":"Progressing","message":"Waiting for rollout to finish: 1 of 2 updated replicas are available..."}\n' +
        '{"kind":"ConfigMap","name":"settings","status":null,"message":""}\n',
    });
  });

  it('applies the API server defaults first (a ready pod without restartPolicy is Healthy, not Unknown)', () => {
    const pod =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n    - name: web\n      image: nginx:1.27\nstatus:\n  phase: Running\n  conditions:\n    - type: Ready\n      status: "True"\n';
    expect(JSON.parse(run(['pod.yaml'], { 'pod.yaml': pod }).stdout).status).toBe('Healthy');
  });

  it('names an object that has only generateName by its prefix', () => {
    const text =
      'apiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: migrate-\nspec:\n  template:\n    spec:\n      containers:\n        - name: m\n          image: busybox\n';
    expect(JSON.parse(run(['job.yaml'], { 'job.yaml': text }).stdout)).toEqual({
      kind: 'Job',
      name: 'migrate-',
      status: 'Progressing',
      message: '',
    });
  });

  for (const file of fixtures) {
    it(`agrees with the expectations of ${file}`, () => {
      const result = run([`fixtures/${file}`]);
      expect(result.code).toBe(0);
      const line = JSON.parse(result.stdout);
      const [{ object }] = parseManifests(readFileSync(new URL(file, fixtureDir), 'utf8'), file);
      const status = object.metadata.annotations?.['sandbox.test/expect-status'];
      const message = object.metadata.annotations?.['sandbox.test/expect-message'];
      expect(line).toEqual({
        kind: object.kind,
        name: object.metadata.name,
        status: status === 'null' ? null : status,
        message,
      });
    });
  }

  // gitops-engine health_test.go TestStatefulSetOnDeleteHealth: its testdata has spec.updateStrategy twice.
  it('TestStatefulSetOnDeleteHealth: reads a StatefulSet with a duplicate key, Healthy by the last value, with a warning', () => {
    const result = run(['fixtures/statefulset-ondelete-twice.yaml']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      kind: 'StatefulSet',
      name: 'redis-master',
      status: 'Healthy',
      message: 'statefulset has 1 ready pods',
    });
    expect(result.stderr).toBe(
      'warning: fixtures/statefulset-ondelete-twice.yaml:29:3: duplicate key "updateStrategy" (first set 10 lines above): the last value is used, as Argo CD does\n',
    );
  });

  it('TestApplication: an Application written without metadata (as in gitops-engine testdata) has no health', () => {
    const app =
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nstatus:\n  health:\n    status: Healthy\n';
    expect(run(['app.yaml'], { 'app.yaml': app })).toEqual({
      code: 0,
      stdout: '{"kind":"Application","name":"","status":null,"message":""}\n',
      stderr: '',
    });
  });

  it("TestLuaHealthScript: assesses a PodDisruptionBudget with Argo CD's built-in Lua check, as written", () => {
    const pdb =
      'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nstatus:\n  conditions:\n' +
      '    - {type: DisruptionAllowed, status: "False", reason: SyncFailed}\n';
    expect(run(['pdb.yaml'], { 'pdb.yaml': pdb }).stdout).toBe(
      '{"kind":"PodDisruptionBudget","name":"web","status":"Degraded","message":"PodDisruptionBudget has SyncFailed"}\n',
    );
  });

  it('assesses an object without metadata.name (health never reads the name)', () => {
    const pvc =
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {}\nspec: {}\nstatus:\n  phase: Bound\n';
    expect(run(['pvc.yaml'], { 'pvc.yaml': pvc })).toEqual({
      code: 0,
      stdout: '{"kind":"PersistentVolumeClaim","name":"","status":"Healthy","message":""}\n',
      stderr: '',
    });
  });

  it('bad YAML: file:line:column on stderr, nothing on stdout, exit 2', () => {
    const text = `${deployment}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: 7\n`;
    expect(run(['app.yaml'], { 'app.yaml': text })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'app.yaml:22:9: metadata.name: expected a string, got number 7\n',
    });
  });

  it('prints nothing when a later file is bad', () => {
    const result = run(['good.yaml', 'bad.yaml'], { 'good.yaml': deployment, 'bad.yaml': 'kind: [\n' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^bad\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('an unreadable file: exit 2 with the reason', () => {
    expect(run(['missing.yaml'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'sim health: cannot read missing.yaml: no such file or directory\n',
    });
  });

  it('no file or an unknown option: a usage error, exit 2', () => {
    const none = run([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^sim health: no file given\nusage: sim health FILE/);
    const option = run(['--json', 'app.yaml'], { 'app.yaml': deployment });
    expect(option.code).toBe(2);
    expect(option.stdout).toBe('');
    expect(option.stderr).toMatch(/^sim health: unknown option --json\n/);
  });

  it('--help prints the usage on stdout', () => {
    expect(run(['--help'])).toMatchObject({
      code: 0,
      stderr: '',
      stdout: expect.stringMatching(/^usage: sim health/),
    });
  });

  it('runs as `npm run --silent sim -- health <fixture>`', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const result = spawnSync(
      'npm',
      ['run', '--silent', 'sim', '--', 'health', 'test/fixtures/health/job-failed.yaml'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      '{"kind":"Job","name":"migrate","status":"Degraded","message":"Job has reached the specified backoff limit"}\n',
    );
    const bad = spawnSync('npm', ['run', '--silent', 'sim', '--', 'health', 'no-such-file.yaml'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
  });
});

describe('sim health output carries no raw control characters', () => {
  it('escapes a C1 CSI in a pod message as \\u009b, and the line still parses to the same message', () => {
    const pod = `apiVersion: v1
kind: Pod
metadata:
  name: web
status:
  phase: Failed
  message: "evicted \\u009b31mHealth Status: Healthy"
`;
    const { code, stdout } = run(['pod.yaml'], { 'pod.yaml': pod });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/[\u007f-\u009f]/);
    expect(stdout).toContain('\\u009b31m');
    expect(JSON.parse(stdout).message).toContain('\u009b31mHealth Status');
  });
});
