import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandIo } from '../command';
import { listRepoFiles } from '../listRepoFiles';
import { sim } from '../sim';

/** `sim run PATH --json` reading PATH from disk exactly as typed, as the `sim` binary does. */
function runJson(path: string): { revisions: string[]; hooks: string[]; stdout: string } {
  let stdout = '';
  const io: CommandIo = {
    readFile: (p) => readFileSync(p, 'utf8'),
    listFiles: (dir, warn) => listRepoFiles(dir, warn),
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
  };
  expect(sim(['run', path, '--json'], io)).toBe(0);
  const distinct = (pattern: RegExp) => [...new Set([...stdout.matchAll(pattern)].map((m) => m[1]))];
  return {
    revisions: distinct(/"revision": "([0-9a-f]{40})"/g),
    hooks: distinct(/"name": "(migrate-[0-9a-f]{7}-presync-[0-9]+)"/g),
    stdout,
  };
}

/** A ConfigMap and a PreSync hook named by generateName, whose name carries the revision (§2.14). */
const manifests = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  colour: blue
---
apiVersion: v1
kind: Pod
metadata:
  generateName: migrate-
  annotations:
    argocd.argoproj.io/hook: PreSync
    argocd.argoproj.io/hook-delete-policy: HookSucceeded
spec:
  restartPolicy: Never
  containers:
    - name: migrate
      image: busybox:1.37
`;

const temp = mkdtempSync(join(tmpdir(), 'sandbox-revision-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/*
 * Issue 28 (Determinism): like Git's, a revision's SHA depends only on the repository's content and its
 * repository-relative file names (repository.ts commitSha), never on how the file's path was typed or which
 * folder holds it; before, three spellings of one path gave three SHAs, so three generateName hook names.
 */
describe('a single-app run’s revision depends only on content', () => {
  it('a relative path, ./ before it, its absolute path and a copy in another folder give one revision and hook name', () => {
    const files = ['a', 'b'].map((folder) => {
      mkdirSync(join(temp, folder));
      const file = join(temp, folder, 'app.yaml');
      writeFileSync(file, manifests);
      return file;
    });
    const relativePath = relative(process.cwd(), files[0]);
    const runs = [relativePath, `./${relativePath}`, files[0], files[1]].map(runJson);
    expect(runs[0].revisions).toHaveLength(1);
    expect(runs[0].hooks).toEqual([
      expect.stringContaining(`migrate-${runs[0].revisions[0].slice(0, 7)}-presync-`),
    ]);
    for (const run of runs.slice(1)) {
      expect(run.revisions).toEqual(runs[0].revisions);
      expect(run.hooks).toEqual(runs[0].hooks);
      expect(run.stdout).toBe(runs[0].stdout);
    }
  });

  it('so do scenarios/three-tier.yaml, ./scenarios/three-tier.yaml and its absolute path', () => {
    const runs = [
      'scenarios/three-tier.yaml',
      './scenarios/three-tier.yaml',
      resolve('scenarios/three-tier.yaml'),
    ].map(runJson);
    expect(runs[0].revisions).toHaveLength(1);
    for (const run of runs.slice(1)) expect(run.stdout).toBe(runs[0].stdout);
  });
});
