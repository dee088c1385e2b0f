import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../types';
import type { SimEvent } from '../events';
import type { HealthOverrides } from '../health/healthOverrides';
import type { RepoRevision } from './repository';
import { application, applicationHealthCheck } from '../../../test/kits/controlPlane.testKit';
import { runControlPlane } from '../simulation/runControlPlane';
import { deployment } from '../../../test/kits/simulation.testKit';

/**
 * The repo server's manifest generation as a comparison waits for it (manifestGeneration.ts): controller/state.go
 * `CompareAppState` asks `GetRepoObjs` (→ `repoClient.GenerateManifest`, L394) for the manifests and writes the
 * app's status, `status.sync.comparedTo` included, only when they arrive; until then the status is the last
 * comparison's. An app of apps on an update (argo-cd PR #29649, #8778): the parent applies a wave-1 child's new
 * spec, and the documented Application health check reads the child's old verdict.
 */
const automated = { prune: true };
function revision(name: string, release: string): RepoRevision {
  return {
    name,
    files: {
      'apps/database.yaml': [
        { object: application('database', { path: `${release}/database`, wave: 1, automated }) },
      ],
      'apps/backend.yaml': [
        { object: application('backend', { path: `${release}/backend`, wave: 2, automated }) },
      ],
      'v1/database/db.yaml': [{ object: deployment('database', { image: 'postgres:16.4' }) }],
      'v1/backend/be.yaml': [{ object: deployment('backend', { image: 'podinfo:6.7.0' }) }],
      'v2/database/db.yaml': [{ object: deployment('database', { image: 'postgres:16.6' }) }],
      'v2/backend/be.yaml': [{ object: deployment('backend', { image: 'podinfo:6.7.1' }) }],
    },
  };
}
const parent = application('shop', { path: 'apps', namespace: 'argocd', automated });

/**
 * The amended check of PR #29649 as the function it computes (the engine's tests do not load the Lua VM, as
 * controlPlane.testKit `applicationHealthCheck`): Progressing while comparedTo.source differs from spec.source.
 */
const amendedHealthCheck: HealthOverrides = {
  checkFor(group, kind) {
    const documented = applicationHealthCheck.checkFor(group, kind);
    if (!documented) return undefined;
    return (obj) =>
      JSON.stringify(obj.status?.sync?.comparedTo?.source) !== JSON.stringify(obj.spec?.source)
        ? { status: 'Progressing', message: 'waiting for the application to compare its spec.source' }
        : documented(obj);
  },
};

function update(manifestGenerationSeconds: number, healthOverrides = applicationHealthCheck) {
  return runControlPlane({
    repository: revision('v1', 'v1'),
    objects: [parent],
    healthOverrides,
    manifestGenerationSeconds,
    untilSeconds: 300,
    actions: [
      { at: 100, type: 'commit', revision: revision('v2', 'v2') },
      { at: 100, type: 'refresh', app: 'shop' },
    ],
  });
}
const after = (events: SimEvent[], t: number) => events.filter((e) => e.t >= t);
/** When the parent applied a child Application, after the update's commit. */
function appliedAt(events: SimEvent[], name: string): number {
  return after(events, 100).find((e) => e.type === 'apply' && e.kind === 'Application' && e.name === name)!.t;
}
/** When a child's comparison of the new release finished: its first status change after it was applied. */
function comparedAt(events: SimEvent[], name: string, from: number): number {
  return after(events, from).find((e) => e.type === 'app' && e.app === name && e.sync === 'OutOfSync')!.t;
}

describe('manifest generation time (controller/state.go CompareAppState → GetRepoObjs → GenerateManifest)', () => {
  it('default 0: a child compares its new spec in the instant the parent applies it', () => {
    const { events } = update(0);
    const applied = appliedAt(events, 'database');
    expect(comparedAt(events, 'database', applied)).toBe(applied);
    expect(events.some((e) => e.type === 'app' && e.message.startsWith('comparing:'))).toBe(false);
  });

  it('8 s: the child keeps its last status, comparedTo v1/database, while the repo server generates v2', () => {
    const result = update(8);
    const applied = appliedAt(result.events, 'database');
    expect(comparedAt(result.events, 'database', applied)).toBe(applied + 8);
    const waiting = after(result.events, applied).find((e) => e.type === 'app' && e.app === 'database')!;
    expect(waiting).toMatchObject({
      t: applied,
      sync: 'Synced',
      health: 'Healthy',
      message: 'comparing: the repo server is generating manifests for v2/database at v2',
    });
    // At the end the child has compared the new spec: comparedTo names it.
    const database: JsonAny = result.applications.find((a) => a.metadata.name === 'database');
    expect(database.status.sync.comparedTo.source.path).toBe('v2/database');
  });

  it('PR #29649: with the documented check the parent applies wave 2 before the wave-1 child has compared', () => {
    const { events } = update(8);
    const database = appliedAt(events, 'database');
    expect(appliedAt(events, 'backend')).toBeLessThan(comparedAt(events, 'database', database));
  });

  it('PR #29649: with the amended check the parent waits until the child has compared and is Healthy', () => {
    const { events } = update(8, amendedHealthCheck);
    const database = appliedAt(events, 'database');
    const compared = comparedAt(events, 'database', database);
    const healthy = after(events, compared).find(
      (e) => e.type === 'app' && e.app === 'database' && e.health === 'Healthy' && e.sync === 'Synced',
    )!.t;
    expect(appliedAt(events, 'backend')).toBeGreaterThanOrEqual(healthy);
  });

  it('a refresh asked while the repo server generates joins that comparison (one wait, not two)', () => {
    const result = runControlPlane({
      repository: revision('v1', 'v1'),
      objects: [parent],
      healthOverrides: applicationHealthCheck,
      manifestGenerationSeconds: 8,
      untilSeconds: 300,
      actions: [
        { at: 100, type: 'commit', revision: revision('v2', 'v2') },
        { at: 100, type: 'refresh', app: 'shop' },
        { at: 103, type: 'refresh', app: 'shop' },
      ],
    });
    const waits = after(result.events, 100).filter(
      (e) => e.type === 'app' && e.app === 'shop' && e.message.startsWith('comparing:'),
    );
    expect(waits.map((e) => e.t)).toEqual([100]);
    expect(appliedAt(result.events, 'database')).toBe(108);
  });
});
