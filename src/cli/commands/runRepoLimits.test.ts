import { describe, expect, it } from 'vitest';
import { limits } from '../../engine';
import type { CommandIo } from '../command';
import { sim } from '../sim';

/**
 * The documented input limits (README "Limits", src/engine/limits.ts) apply to `sim run --repo` as to a
 * single Application, before anything is rendered or run: an ApplicationSet of 10,000 list elements ran 9-35 s,
 * 100,000 over 120 s, and 200 `--then commit` of a 6,000-object folder over 120 s at 1.4 GB.
 */

const project = `apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata: {name: p, namespace: argocd}
spec:
  sourceRepos: ['*']
  destinations: [{server: https://kubernetes.default.svc, namespace: '*'}]
`;

const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: a, namespace: argocd}
spec:
  project: p
  source: {repoURL: https://github.com/org/manifests, targetRevision: main, path: app}
  destination: {server: https://kubernetes.default.svc, namespace: default}
`;

function set(elements: number): string {
  return `${project}---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: {name: big, namespace: argocd}
spec:
  goTemplate: true
  generators:
  - list:
      elements:
${Array.from({ length: elements }, (_, i) => `      - {n: a${i}}\n`).join('')}  template:
    metadata: {name: 'app-{{.n}}'}
    spec:
      project: p
      source: {repoURL: https://github.com/org/manifests, targetRevision: main, path: app}
      destination: {server: https://kubernetes.default.svc, namespace: 'ns-{{.n}}'}
`;
}

/** A folder of `count` ConfigMaps in one file, app/cms.yaml. */
function folder(count: number): Record<string, string> {
  const docs = Array.from(
    { length: count },
    (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}}\ndata: {k: v}\n`,
  );
  return { 'app/cms.yaml': docs.join('---\n') };
}

/** `sim run ARGS…` over in-memory files; `repos` maps a folder to its files. */
function run(args: string[], files: Record<string, string>, repos: Record<string, Record<string, string>>) {
  let stdout = '';
  let stderr = '';
  const reads: string[] = [];
  const io: CommandIo = {
    readFile: (path) => {
      reads.push(path);
      for (const [dir, content] of Object.entries(repos))
        if (path.startsWith(`${dir}/`)) return content[path.slice(dir.length + 1)];
      if (path in files) return files[path];
      throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    },
    listFiles: (dir) => Object.keys(repos[dir] ?? {}).sort(),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(['run', ...args], io);
  return { code, stdout, stderr, reads };
}

describe('input limits of sim run --repo', () => {
  it('refuses an ApplicationSet of 10,000 list elements at its generators, before rendering', () => {
    const result = run(['--repo', 'repo', 'set.yaml'], { 'set.yaml': set(10_000) }, { repo: folder(1) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `sim run: set.yaml:15:7: ApplicationSet list generator: 10000 list elements is over the limit of ${limits.maxApplications} Applications in one run (each element is an Application); refused before reading them\n`,
    );
  });

  it(`refuses one list element more than the ${limits.maxApplications} Applications a run may have`, () => {
    const result = run(
      ['--repo', 'repo', 'set.yaml'],
      { 'set.yaml': set(limits.maxApplications + 1) },
      { repo: folder(1) },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${limits.maxApplications + 1} list elements is over the limit`);
  });

  it('refuses a repository of more objects than one run may read, at the file that goes past the limit', () => {
    const result = run(
      ['--repo', 'repo', 'app.yaml'],
      { 'app.yaml': `${project}---\n${app}` },
      {
        repo: folder(limits.maxInputObjects + 1),
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `sim run: repo/app/cms.yaml:1:1: ${limits.maxInputObjects + 1} objects is over the limit of ${limits.maxInputObjects} objects in one run (revision main of the repository brought the total past it)\n`,
    );
  });

  it('counts every commit: 200 commits of a 100-object folder stop at the one past the limit, unread after it', () => {
    const commits = Array.from({ length: 200 }, (_, i) => ['--then', `${i + 1}:commit next`]).flat();
    const result = run(
      ['--repo', 'repo', 'app.yaml', ...commits],
      { 'app.yaml': `${project}---\n${app}` },
      { repo: folder(100), next: folder(100) },
    );
    expect(result.code).toBe(2);
    // The Application, the project and the first revision's 100 objects, then 49 commits of 100 are 5,002.
    expect(result.stderr).toBe(
      `sim run: next/app/cms.yaml:1:1: 5002 objects is over the limit of ${limits.maxInputObjects} objects in one run (revision next of the repository brought the total past it)\n`,
    );
    expect(result.reads.filter((path) => path === 'next/app/cms.yaml')).toHaveLength(49);
  });

  it('counts the objects a kubectl-apply action applies', () => {
    const result = run(
      ['--repo', 'repo', 'app.yaml', '--then', '5:kubectl-apply more.yaml'],
      { 'app.yaml': `${project}---\n${app}`, 'more.yaml': folder(limits.maxInputObjects)['app/cms.yaml'] },
      { repo: folder(1) },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^sim run: more\.yaml:\d+:1: 5001 objects is over the limit of 5000 objects/,
    );
  });
});
