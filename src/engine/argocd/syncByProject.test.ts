import { describe, expect, it } from 'vitest';
import type { RepoRevision } from './repository';
import { application, appProject } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneAction } from '../simulation/runControlPlane';
import { configMap } from '../../../test/kits/simulation.testKit';

/** `argocd app sync --project P` (cmd/argocd/commands/app.go): every Application of the project, or a refusal. */
const repo: RepoRevision = {
  name: 'main',
  files: {
    'a/cm.yaml': [{ object: configMap('a') }],
    'b/cm.yaml': [{ object: configMap('b') }],
    'c/cm.yaml': [{ object: configMap('c') }],
  },
};

function run(actions: ControlPlaneAction[]) {
  return runControlPlane({
    repository: repo,
    objects: [
      appProject('teams'),
      application('guestbook-b', { path: 'b', project: 'teams' }),
      application('guestbook-a', { path: 'a', project: 'teams' }),
      application('other', { path: 'c' }),
    ],
    actions,
    untilSeconds: 600,
  });
}
const operationsAfter = (result: ReturnType<typeof run>, t: number) =>
  result.events.filter((e) => e.type === 'app-operation' && e.t >= t).map((e) => e.app);

describe('argocd app sync --project', () => {
  it("TestSyncResourceByProject: the project's Applications sync, in name order; an unknown project is refused", () => {
    const synced = run([{ at: 60, type: 'sync-project', projects: ['teams'] }]);
    expect(synced.warnings).toEqual([]);
    expect(operationsAfter(synced, 60)).toEqual(['guestbook-a', 'guestbook-b']);
    for (const app of synced.applications) expect(app.status.sync.status, app.metadata.name).toBe('Synced');

    const refused = run([{ at: 60, type: 'sync-project', projects: ['this-project-does-not-exist'] }]);
    expect(refused.warnings).toEqual([
      'sync --project this-project-does-not-exist: No matching apps found for filter: projects [this-project-does-not-exist]',
    ]);
    expect(operationsAfter(refused, 60)).toEqual([]);
  });
});
