import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../types';
import type { RepoRevision } from './repository';
import { appPathProblem } from './appPath';
import { application } from '../../../test/kits/controlPlane.testKit';
import { clusterAt } from '../simulation/objectHistory';
import { runControlPlane } from '../simulation/runControlPlane';
import { configMap } from '../../../test/kits/simulation.testKit';
import { withTracking } from './tracking';

/**
 * A source the repository server cannot render: test/e2e/declarative_test.go TestDeclarativeInvalidPath (an
 * Application applied with path `garbage` is sync Unknown, health Healthy, with a ComparisonError condition
 * containing "garbage: app path does not exist"), the messages of util/app/path/path.go `Path`, and the prefix of
 * controller/state.go L749 and L421.
 */
const repo: RepoRevision = {
  name: 'main',
  files: { 'guestbook/config.yaml': [{ object: configMap('guestbook-config') }] },
};
const prefix =
  'Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = ';

function statusOf(result: ReturnType<typeof runControlPlane>, name: string): JsonAny {
  return result.applications.find((a) => a.metadata.name === name)!.status;
}

describe('an Application whose path the repository server cannot render', () => {
  it('TestDeclarativeInvalidPath: an app applied later with a missing or outside path is Unknown with a ComparisonError', () => {
    const automated = { prune: true, selfHeal: true };
    const garbage = application('garbage-app', { path: 'garbage', automated });
    const outside = application('outside-app', { path: '../../etc', automated });
    const result = runControlPlane({
      repository: repo,
      objects: [application('guestbook', { path: 'guestbook' })],
      actions: [{ at: 30, type: 'kubectl-apply', objects: [garbage, outside] }],
      untilSeconds: 120,
    });
    for (const [name, problem] of [
      ['garbage-app', 'garbage: app path does not exist'],
      ['outside-app', '../../etc: app path outside root'],
    ]) {
      const status = statusOf(result, name);
      expect(status.sync.status).toBe('Unknown');
      expect(status.health.status).toBe('Healthy');
      expect(status.conditions).toEqual([
        expect.objectContaining({ type: 'ComparisonError', message: prefix + problem }),
      ]);
      // No auto-sync of an Unknown app (appcontroller.go autoSync): no operation ever ran.
      expect(status.operationState).toBeUndefined();
    }
  });

  it('a commit that removes the folder reports the missing path instead of auto-syncing to prune everything', () => {
    const app = application('guestbook', { path: 'guestbook', automated: { prune: true } });
    const result = runControlPlane({
      repository: repo,
      objects: [app],
      actions: [
        { at: 60, type: 'commit', revision: { name: 'remove guestbook', files: {} } },
        { at: 90, type: 'refresh', app: 'guestbook' },
      ],
      untilSeconds: 200,
    });
    const status = statusOf(result, 'guestbook');
    expect(status.sync.status).toBe('Unknown');
    expect(status.conditions).toEqual([
      expect.objectContaining({
        type: 'ComparisonError',
        message: prefix + 'guestbook: app path does not exist',
      }),
    ]);
    expect(status.resources).toEqual([
      expect.objectContaining({ kind: 'ConfigMap', name: 'guestbook-config', status: 'Unknown' }),
    ]);
    // The ConfigMap the first sync made is still there: nothing was pruned.
    expect(clusterAt(result.objects, 199).some((o) => o.metadata.name === 'guestbook-config')).toBe(true);
  });

  it('a path given back clears the condition and the app syncs again', () => {
    const app = application('guestbook', { path: 'guestbook', automated: {} });
    const result = runControlPlane({
      repository: repo,
      objects: [app],
      actions: [
        { at: 60, type: 'commit', revision: { name: 'remove guestbook', files: {} } },
        { at: 120, type: 'commit', revision: repo },
      ],
      untilSeconds: 300,
    });
    const status = statusOf(result, 'guestbook');
    expect(status.conditions ?? []).toEqual([]);
    expect(status.sync.status).toBe('Synced');
  });

  it('a path that renders later still finds what was live with the app before the app existed', () => {
    // Argo CD's cluster cache holds every object, so the first comparison with targets sees a leftover the app's
    // tracking annotation names, even though it never changed since (appComparison.ts, AppState.liveScanned).
    const leftover = withTracking('guestbook', {
      ...configMap('leftover'),
      metadata: { name: 'leftover', namespace: 'default' },
    });
    const app = application('guestbook', { path: 'guestbook' });
    const result = runControlPlane({
      repository: { name: 'empty', files: {} },
      objects: [],
      actions: [
        { at: 10, type: 'kubectl-apply', objects: [leftover] },
        { at: 20, type: 'kubectl-apply', objects: [app] },
        { at: 60, type: 'commit', revision: repo },
        { at: 90, type: 'refresh', app: 'guestbook' },
      ],
      untilSeconds: 120,
    });
    const status = statusOf(result, 'guestbook');
    expect(status.conditions ?? []).toEqual([]);
    expect(status.sync.status).toBe('OutOfSync');
    expect(status.resources).toContainEqual(
      expect.objectContaining({
        kind: 'ConfigMap',
        name: 'leftover',
        status: 'OutOfSync',
        requiresPruning: true,
      }),
    );
  });

  it('a sync asked of such an app ends in Error with the condition, and prunes nothing', () => {
    const app = application('guestbook', { path: 'guestbook' });
    const result = runControlPlane({
      repository: repo,
      objects: [app],
      actions: [
        { at: 10, type: 'sync', app: 'guestbook' },
        { at: 60, type: 'commit', revision: { name: 'remove guestbook', files: {} } },
        { at: 90, type: 'sync', app: 'guestbook', prune: true },
      ],
      untilSeconds: 200,
    });
    const status = statusOf(result, 'guestbook');
    expect(status.operationState).toMatchObject({
      phase: 'Error',
      message: 'ComparisonError: ' + prefix + 'guestbook: app path does not exist',
    });
    expect(clusterAt(result.objects, 199).some((o) => o.metadata.name === 'guestbook-config')).toBe(true);
  });

  it('a path that climbs back into its folder (guestbook/../guestbook) renders that folder, as filepath.Join cleans it', () => {
    // util/app/path/path.go Path accepts it, and the repository server renders the cleaned directory; rendering the
    // literal path found no file, so an automated app with prune would have deleted everything it had.
    const app = application('guestbook', { path: 'guestbook/../guestbook', automated: { prune: true } });
    const result = runControlPlane({ repository: repo, objects: [app], untilSeconds: 60 });
    expect(statusOf(result, 'guestbook').sync.status).toBe('Synced');
    expect(clusterAt(result.objects, 59).some((o) => o.metadata.name === 'guestbook-config')).toBe(true);
  });

  it("words each refusal as util/app/path/path.go's Path does", () => {
    const files = ['apps/a/x.yaml', 'file.yaml'];
    expect(appPathProblem('/etc', files)).toBe('/etc: app path is absolute');
    expect(appPathProblem('../../etc', files)).toBe('../../etc: app path outside root');
    expect(appPathProblem('apps/../../x', files)).toBe('apps/../../x: app path outside root');
    expect(appPathProblem('garbage', files)).toBe('garbage: app path does not exist');
    expect(appPathProblem('file.yaml', files)).toBe('file.yaml: app path is not a directory');
    expect(appPathProblem('apps/a/../a', files)).toBeUndefined();
    expect(appPathProblem('./apps/', files)).toBeUndefined();
    expect(appPathProblem('.', files)).toBeUndefined();
  });
});
