import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandIo } from './command';
import { listRepoFiles } from './listRepoFiles';
import { readCapped } from './readCapped';
import { sim } from './sim';

/*
 * `sim run --repo DIR` reads a folder as Argo CD's repo server reads a checkout: symlinks that stay in
 * the repository are followed, ones that leave it refuse the repository (reposerver/repository/repository.go
 * `repository contains out-of-bounds symlinks`, util/app/path CheckOutOfBoundsSymlinks and its tests), and a FIFO
 * is refused without being opened. Before, every symlink and FIFO was skipped without a word.
 */

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A copy of test/fixtures/platform/repo in a fresh temporary folder, with `teams/checkout/checkout.yaml` moved to `shared/`. */
function platformRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-repo-'));
  dirs.push(dir);
  cpSync('test/fixtures/platform/repo', join(dir, 'repo'), { recursive: true });
  mkdirSync(join(dir, 'repo/shared'));
  renameSync(join(dir, 'repo/teams/checkout/checkout.yaml'), join(dir, 'repo/shared/checkout.yaml'));
  return join(dir, 'repo');
}

/** `sim run --repo <repo> test/fixtures/platform/platform.yaml --json` with Node's own file access. */
function runOn(repo: string) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readCapped(path, 4 * 1024 * 1024),
    listFiles: (dir, warn) => listRepoFiles(dir, warn),
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(['run', '--repo', repo, 'test/fixtures/platform/platform.yaml', '--json'], io);
  return { code, stdout, stderr };
}

const checkoutApp = (stdout: string) =>
  (
    JSON.parse(stdout) as {
      applications: {
        metadata: { name: string };
        status: { resources?: { kind: string; name: string }[] };
      }[];
    }
  ).applications.find((a) => a.metadata.name === 'checkout');

describe('sim run --repo and symlinks, as the repo server reads them', () => {
  it('reads a file through a symlink that stays in the repository, under the symlink path', () => {
    const repo = platformRepo();
    symlinkSync('../../shared/checkout.yaml', join(repo, 'teams/checkout/checkout.yaml'));
    expect(listRepoFiles(repo)).toContain('teams/checkout/checkout.yaml');
    const result = runOn(repo);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(checkoutApp(result.stdout)?.status.resources?.map((r) => `${r.kind}/${r.name}`)).toContain(
      'Deployment/checkout',
    );
  });

  it.each([
    ['a relative target that leaves the repository', '../../../outside.yaml'],
    ['a target that leaves and comes back, checked step by step', '../../../repo/shared/checkout.yaml'],
    ['an absolute target, even inside the repository', 'ABSOLUTE'],
  ])('refuses the repository for %s, at the symlink', (_, target) => {
    const repo = platformRepo();
    const link = join(repo, 'teams/checkout/checkout.yaml');
    symlinkSync(target === 'ABSOLUTE' ? join(repo, 'shared/checkout.yaml') : target, link);
    expect(runOn(repo)).toEqual({
      code: 2,
      stdout: '',
      stderr: `sim run: ${link}:1:1: repository contains out-of-bounds symlinks. file: teams/checkout/checkout.yaml\n`,
    });
  });

  it('skips a symlink to nothing and one to a directory with the repo server warning, and refuses a loop', () => {
    const repo = platformRepo();
    symlinkSync('../../shared/checkout.yaml', join(repo, 'teams/checkout/checkout.yaml'));
    symlinkSync('gone.yaml', join(repo, 'teams/missing.yaml'));
    symlinkSync('../shared', join(repo, 'teams/shared'));
    const result = runOn(repo);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `warning: ${repo}: skipping manifest file "teams/missing.yaml": destination of symlink "teams/missing.yaml" is missing\n` +
        `warning: ${repo}: ignoring symlink at "teams/shared" to non-regular file "shared"\n`,
    );
    symlinkSync('b.yaml', join(repo, 'a.yaml'));
    symlinkSync('a.yaml', join(repo, 'b.yaml'));
    expect(runOn(repo).stderr).toMatch(
      /^sim run: \S+\/a\.yaml:1:1: failed to evaluate symlink at "a\.yaml": EvalSymlinks: too many links\n$/,
    );
  });

  it('refuses a FIFO in the repository, and a symlink to one, without opening it', () => {
    const repo = platformRepo();
    symlinkSync('../../shared/checkout.yaml', join(repo, 'teams/checkout/checkout.yaml'));
    execFileSync('mkfifo', [join(repo, 'teams/pipe.yaml')]);
    // Opening the FIFO would block this test forever (no writer): ending at all shows it was not opened.
    expect(runOn(repo)).toEqual({
      code: 2,
      stdout: '',
      stderr: `sim run: ${repo}/teams/pipe.yaml:1:1: teams/pipe.yaml is a FIFO, not a file: a Git repository holds only files, directories and symlinks, so it is not read\n`,
    });
    rmSync(join(repo, 'teams/pipe.yaml'));
    // `.git` is not walked (as CheckOutOfBoundsSymlinks skips it), so only the symlink leads to this FIFO.
    mkdirSync(join(repo, '.git'));
    execFileSync('mkfifo', [join(repo, '.git/pipe')]);
    symlinkSync('../.git/pipe', join(repo, 'teams/pipe.yaml'));
    expect(runOn(repo).stderr).toContain(
      'teams/pipe.yaml:1:1: teams/pipe.yaml is a symlink to a FIFO, not a file: a Git repository holds only files',
    );
  });
});
