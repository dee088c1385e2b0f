import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonAny } from '../../src/engine';
import type { CommandIo } from '../../src/cli/command';
import { listRepoFiles } from '../../src/cli/listRepoFiles';
import { sim } from '../../src/cli/sim';
import { writeFiles } from '../../src/cli/writeFiles';
import { exportScenario } from '../../src/export/exportScenario';
import { replayArgs } from '../../src/export/replayCommand';
import { repoUrlPlaceholder } from '../../src/export/repoUrlPlaceholder';
import { parseScenario } from '../../src/scenarios/scenario';
import { findShellcheck } from '../prerequisites.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sandbox-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `sim …` in this process, on the disk (absolute paths, or relative to the project). */
function runSim(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(path.startsWith('/') ? path : join(root, path), 'utf8'),
    listFiles: (dir, warn) => listRepoFiles(dir.startsWith('/') ? dir : join(root, dir), warn),
    writeFiles,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(args, io);
  return { code, stdout, stderr };
}

/** Each Application's operation phase, sync status and health at the end of a `sim run --json`. */
function outcomes(stdout: string): Record<string, string> {
  const json = JSON.parse(stdout) as { application: JsonAny; applications?: JsonAny[] };
  const apps = json.applications ?? [json.application];
  return Object.fromEntries(
    apps.map((a) => [
      a.metadata.name,
      `${a.status?.operationState?.phase ?? '-'} ${a.status?.sync?.status} ${a.status?.health?.status}`,
    ]),
  );
}

/** The export of a shipped scenario, written by `sim export` as a user would. */
function exported(id: string, folderName = id) {
  const file = `scenarios/${id}.yaml`;
  const dir = join(scratch, folderName);
  const result = runSim(['export', file, '--out', dir]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const scenario = parseScenario(readFileSync(join(root, file), 'utf8'), file);
  return { dir, scenario, folder: exportScenario(scenario) };
}

// The shellcheck on PATH (test/prerequisites.mjs), or the line that says it is missing and how to get it.
const foundShellcheck = findShellcheck();
const shellcheck = foundShellcheck.path ?? 'shellcheck';

const every = readdirSync(join(root, 'scenarios'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

describe.each(every)('sim export scenarios/%s.yaml', (id) => {
  const { dir, scenario, folder } = exported(id);

  it('holds every revision and every object of the scenario, each YAML file parsing', () => {
    const plan = folder.plan;
    const expected = scenario.platform
      ? scenario.platform.revisions.map((r) =>
          Object.values(r.files)
            .flat()
            .map((o) => o.object),
        )
      : scenario.revisions.map((r) => r.objects.map((o) => o.object));
    expect(plan.revisions).toHaveLength(expected.length);
    plan.revisions.forEach((r, i) => {
      const objects = Object.keys(r.files).flatMap((path) =>
        parseAllDocuments(readFileSync(join(dir, 'revisions', r.dir, path), 'utf8')).flatMap((d) => {
          expect(d.errors).toEqual([]);
          const value = d.toJS() as unknown;
          return value === null ? [] : [value];
        }),
      );
      // The same objects, but for the repository URLs, which point at the one exported repository.
      const withoutUrls = (o: unknown) =>
        JSON.parse(JSON.stringify(o).replace(/"repoURL":"[^"]*"/g, '"repoURL":"x"'));
      expect(objects.map(withoutUrls)).toEqual(expected[i].map(withoutUrls));
    });
    for (const file of folder.files.filter((f) => /\.ya?ml$/.test(f.path))) {
      for (const doc of parseAllDocuments(readFileSync(join(dir, file.path), 'utf8')))
        expect(doc.errors).toEqual([]);
    }
    const argocd = parseAllDocuments(readFileSync(join(dir, 'argocd/applications.yaml'), 'utf8')).map((d) =>
      d.toJS(),
    );
    const apps = argocd.filter((o) => o.kind === 'Application' || o.kind === 'ApplicationSet');
    expect(apps.length).toBeGreaterThan(0);
    expect(JSON.stringify(argocd)).toContain(repoUrlPlaceholder);
    expect(JSON.stringify(argocd)).not.toMatch(/github\.com/);
  });

  it('replays in the sandbox’s own reader (sim run --repo) to the outcome of the scenario itself', () => {
    // A scripted autoscaler load (`load:`) has no place in a repository: the README says so instead, and the
    // replay, like a cluster without load, never scales.
    if (scenario.platform?.load) {
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain("the scenario's `load:`");
      return;
    }
    const replay = runSim([...replayArgs(folder.plan, dir), '--json']);
    expect(replay.code).toBe(0);
    const original = runSim(['run', `scenarios/${id}.yaml`, '--json']);
    expect(original.code).toBe(0);
    // The same warnings, if any: a sync a sync window refuses is said on stderr by both (contract.md §1.4).
    expect(replay.stderr.replaceAll(dir, '')).toBe(original.stderr);
    expect(outcomes(replay.stdout)).toEqual(outcomes(original.stdout));
  });
});

// The scripts of the scenarios that between them hold every kind of step: a history before t 0 (failing-migration),
// commits and syncs (revert), refreshes (auto-sync-refuses-retry), argocd-cm and an app of apps, an ApplicationSet,
// and commands typed at a moment (drift-self-heal: kubectl delete and patch, re-quoted word by word).
describe.each([
  'three-tier',
  'failing-migration',
  'revert',
  'auto-sync-refuses-retry',
  'app-of-apps',
  'progressive-sync',
  'drift-self-heal',
])('the scripts of the export of scenarios/%s.yaml', (id) => {
  const { dir, scenario, folder } = exported(id, `${id}-scripts`);

  it('writes make-repo.sh and run.sh executable, and they pass bash -n and shellcheck', () => {
    for (const script of ['make-repo.sh', 'run.sh']) {
      const path = join(dir, script);
      expect(statSync(path).mode & 0o111).toBe(0o111);
      expect(spawnSync('bash', ['-n', path], { encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
      // Like the browser tests, this fails (never skips) without the tool: .ci/run installs Debian's shellcheck.
      expect(foundShellcheck.problem).toBeUndefined();
      const check = spawnSync(shellcheck, ['--severity=style', path], { encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect(check.stdout).toBe('');
      expect(check.status).toBe(0);
    }
  });

  it('make-repo.sh makes one commit per revision, in order, with the scenario’s messages and the URL filled', () => {
    const repo = join(dir, 'made-repo');
    const made = spawnSync('bash', [join(dir, 'make-repo.sh'), repo], {
      encoding: 'utf8',
      env: { ...process.env, REPO_URL: 'https://git.example/team/a&b|c.git' },
    });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const log = spawnSync('git', ['-C', repo, 'log', '--reverse', '--format=%s'], { encoding: 'utf8' });
    expect(log.stdout.trim().split('\n')).toEqual(folder.plan.revisions.map((r) => r.message));
    const grep = spawnSync('git', ['-C', repo, 'grep', '-l', repoUrlPlaceholder, 'r1'], { encoding: 'utf8' });
    expect(grep.stdout).toBe('');
    const remote = spawnSync('git', ['-C', repo, 'remote', 'get-url', 'origin'], { encoding: 'utf8' });
    expect(remote.stdout.trim()).toBe('https://git.example/team/a&b|c.git');
    if (scenario.platform) {
      // The Applications in the repository (an app of apps) now name it.
      const tree = spawnSync('git', ['-C', repo, 'grep', '-h', 'repoURL', 'r1'], { encoding: 'utf8' });
      if (tree.stdout) expect(tree.stdout).toContain('https://git.example/team/a&b|c.git');
    }
  });
});
