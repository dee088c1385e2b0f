import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapeControl } from '../../engine';
import { sim } from '../sim';
import { parseRunOptions } from './runOptions';

/** Runs `sim run` with one valid file and the given options; returns the exit status and stderr. */
function runWith(options: string[]) {
  let stderr = '';
  const code = sim(['run', 'cm.yaml', ...options], {
    readFile: () => 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n',
    stdout: () => {},
    stderr: (text) => (stderr += text),
  });
  return { code, stderr };
}

describe('sim run number options (bad input)', () => {
  it.each([
    ['--seed', '1.7'],
    ['--seed', '-1'],
    ['--seed', '4294967296'],
    ['--seed', '0x10'],
    ['--wave-delay', '0x10'],
    ['--wave-delay', '1e15'],
    ['--wave-delay', 'Infinity'],
    ['--wave-delay', ''],
    ['--until', '0x10'],
    ['--until', '1e15'],
    ['--until', 'Infinity'],
    ['--until', ''],
    ['--until', ' 5'],
    ['--until', '86401'],
    ['--retry-limit', '2.5'],
    ['--terminate-at', '-3'],
  ])('refuses %s "%s" with exit 2 and one line', (flag, value) => {
    const { code, stderr } = runWith([`${flag}=${value}`]);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain(flag);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a --then action after the longest possible run, which would silently never happen', () => {
    expect(() => parseRunOptions(['a.yaml', '--then', '86401:sync app'])).toThrow(
      /^--then 86401:sync app: a run lasts at most 86400 seconds$/,
    );
    expect(parseRunOptions(['a.yaml', '--then', '86400:sync app']).then).toEqual([
      { at: 86400, action: 'sync app' },
    ]);
  });

  it('names the --until maximum of one simulated day', () => {
    expect(runWith(['--until', '100000']).stderr).toBe(
      'sim run: --until 100000: must be at most 86400 seconds\n',
    );
  });

  it.each([
    ['--seed', '0'],
    ['--seed', '4294967295'],
    ['--wave-delay', '0.5'],
    ['--until', '86400'],
    ['--retry-limit', '-1'],
  ])('accepts %s %s', (flag, value) => {
    expect(runWith([flag, value])).toEqual({ code: 0, stderr: '' });
  });
});

describe('sim run and the run limits', () => {
  it('refuses a Deployment with 100,000 replicas fast, with exit 2 naming the limit', () => {
    let stderr = '';
    const code = sim(['run', 'huge.yaml'], {
      readFile: () =>
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: huge\nspec:\n  replicas: 100000\n' +
        '  selector:\n    matchLabels: {app: huge}\n  template:\n    metadata:\n      labels: {app: huge}\n' +
        '    spec:\n      containers: [{name: web, image: nginx}]\n',
      stdout: () => {},
      stderr: (text) => (stderr += text),
    });
    expect(code).toBe(2);
    // At the value of `replicas` (line 6, column 13), not at the document's first line.
    expect(stderr).toBe(
      'sim run: huge.yaml:6:13: Deployment/huge: spec.replicas: 100000 is over the limit of 1000 replicas per workload\n',
    );
    // "Fast" is shown by what refused it (the replicas check, before simulating; the pod limit's words would come
    // half a minute into the run), not by a time, so that the test holds at any load.
  });

  /** `sim run` on in-memory files; returns the exit status and stderr. */
  function refusal(argv: string[], files: Record<string, string>, dirs: Record<string, string[]> = {}) {
    let stderr = '';
    const code = sim(argv, {
      readFile: (path) => {
        if (!(path in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
        return files[path];
      },
      listFiles: (dir) => dirs[dir] ?? [],
      stdout: () => {},
      stderr: (text) => (stderr += text),
    });
    return { code, stderr };
  }

  const job = (field: string) =>
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\n' +
    `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: wide\nspec:\n  ${field}: 2000\n` +
    '  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n';

  it.each(['parallelism', 'completions'])("points at a Job's %s in a later document of the file", (field) => {
    expect(refusal(['run', 'jobs.yaml'], { 'jobs.yaml': job(field) })).toEqual({
      code: 2,
      stderr: `sim run: jobs.yaml:11:${field.length + 5}: Job/wide: spec.${field}: 2000 is over the limit of 1000 replicas per workload\n`,
    });
  });

  it("points at the field inside a scenario's manifests block", () => {
    const scenario = readFileSync('scenarios/three-tier.yaml', 'utf8');
    const lines = scenario.split('\n');
    const line = lines.findIndex((l) => /^ +replicas: 2$/.test(l));
    lines[line] = lines[line].replace('replicas: 2', 'replicas: 100000');
    const column = lines[line].indexOf('100000') + 1;
    const result = refusal(['run', 'three-tier.yaml'], { 'three-tier.yaml': lines.join('\n') });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^sim run: three-tier\\.yaml:${line + 1}:${column}: Deployment/\\S+: spec\\.replicas: 100000 is over`,
      ),
    );
  });

  it('refuses a workload over the limit in the --repo repository and in a kubectl-apply, at the field, before running', () => {
    const app =
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\n  namespace: argocd\nspec:\n' +
      '  project: default\n  source:\n    repoURL: https://example.com/repo.git\n    path: apps\n' +
      '  destination:\n    server: https://kubernetes.default.svc\n    namespace: default\n';
    const deployment = (replicas: number) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n` +
      '  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n' +
      '    spec:\n      containers: [{name: web, image: nginx}]\n';
    const inRepo = refusal(
      ['run', '--repo', 'repo', 'app.yaml'],
      { 'app.yaml': app, 'repo/apps/web.yaml': deployment(100_000) },
      { repo: ['apps/web.yaml'] },
    );
    expect(inRepo).toEqual({
      code: 2,
      stderr:
        'sim run: repo/apps/web.yaml:6:13: Deployment/web: spec.replicas: 100000 is over the limit of 1000 replicas per workload\n',
    });
    // Without the check the ReplicaSet made 100,000 pods before the pod limit stopped the run, half a minute later,
    // with the pod limit's words: the replicas check's words show it was refused before simulating.
    const applied = refusal(
      ['run', '--repo', 'repo', 'app.yaml', '--then', '10:kubectl-apply more.yaml'],
      { 'app.yaml': app, 'repo/apps/web.yaml': deployment(2), 'more.yaml': deployment(5000) },
      { repo: ['apps/web.yaml'] },
    );
    expect(applied.code).toBe(2);
    expect(applied.stderr).toMatch(
      /^sim run: more\.yaml:6:13: Deployment\/web: spec\.replicas: 5000 is over/,
    );
  });
});

describe('sim run text output escapes control characters', () => {
  const forged = 'x\nHealth Status:      Healthy\u001b[2K';

  function text(args: string[], manifest: string) {
    let stdout = '';
    const code = sim(['run', 'app.yaml', ...args], {
      readFile: () => manifest,
      stdout: (t) => (stdout += t),
      stderr: () => {},
    });
    return { code, stdout };
  }

  it('prints a custom kind that tries to forge a Health Status line escaped, on its own line', () => {
    // Names cannot carry control characters (they are validated), but the kind of a custom resource can: it is
    // refused by the API server at sync time, and its message repeats the kind.
    const { code, stdout } = text(
      [],
      `apiVersion: example.com/v1\nkind: ${JSON.stringify(forged)}\nmetadata:\n  name: a\n`,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('example.com  x\\nHealth Status:      Healthy\\x1b[2K  default');
    expect(stdout.match(/^Health Status:/gm)).toHaveLength(1);
    expect(stdout).not.toContain('\u001b');
  });

  it.each([
    ['--app', 'Bad_Name!!', 'a lowercase RFC 1123 subdomain'],
    ['--app', forged, 'a lowercase RFC 1123 subdomain'],
    ['--namespace', '__proto__', 'a lowercase RFC 1123 label'],
    ['--namespace', 'a/b', 'a lowercase RFC 1123 label'],
  ])('refuses %s %j as the API server would, escaped on one line', (flag, value, rule) => {
    const { code, stderr } = runWith([flag, value]);
    expect(code).toBe(2);
    expect(stderr).toContain(
      `sim run: ${escapeControl(`${flag} ${value}: Invalid value: ${JSON.stringify(value)}: ${rule}`)}`,
    );
    expect(stderr).not.toContain('\u001b');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('refuses a custom resource whose name holds a newline (NameIsDNSSubdomain), saying so escaped on one line', () => {
    const manifest = `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: ${JSON.stringify(forged)}\n`;
    let stdout = '';
    let stderr = '';
    const code = sim(['run', 'app.yaml'], {
      readFile: () => manifest,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('metadata.name: Invalid value: "x\\nHealth Status:      Healthy\\u001b[2K"');
    expect(stderr).not.toContain('\u001b');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
