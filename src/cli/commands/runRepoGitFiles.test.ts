import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * `sim run --repo DIR appset.yaml` with the git files generator (applicationset/generators/git.go
 * `generateParamsForGitFiles`, argocd-semantics.md §5.13): the repository holds data files (config.json) beside
 * manifests, and only an Application's own path is rendered as manifests.
 */
const fixtures = 'test/fixtures/git-files';

describe('sim run --repo with a git files generator (git.go generateParamsForGitFiles)', () => {
  it("one Application per envs/*/config.json, with the file's keys flattened and path.basename", () => {
    const result = run(['--repo', `${fixtures}/repo`, `${fixtures}/appset.yaml`, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { applications: JsonAny[] };
    expect(
      json.applications.map((a) => [
        a.metadata.name,
        a.metadata.labels?.team,
        a.spec.destination.namespace,
        a.status.sync.status,
      ]),
    ).toEqual([
      ['web-dev', 'shop', 'web-dev', 'Synced'],
      ['web-prod', 'shop', 'web-prod', 'Synced'],
    ]);
  });

  it('an Application whose path holds a data file is refused in one sentence at the Application', () => {
    const result = run(['--repo', `${fixtures}/repo`, `${fixtures}/app-on-data.yaml`]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(
      /app-on-data\.yaml:\d+:\d+: .*Application "envs": path "envs\/dev" holds envs\/dev\/config\.json, which is not a Kubernetes manifest/,
    );
  });
});
