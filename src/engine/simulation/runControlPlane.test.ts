import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import type { RepoRevision } from '../argocd/repository';
import {
  application,
  applicationHealthCheck,
  appProject,
  namespace,
} from '../../../test/kits/controlPlane.testKit';
import { runControlPlane, type ControlPlaneInput } from './runControlPlane';
import { configMap, deployment, job, service } from '../../../test/kits/simulation.testKit';

/** App of apps through the store (argocd-semantics.md §5.0, §5.2, §3.12; cases 122, 123, 125). */
const files = (entries: Record<string, ReturnType<typeof configMap>[]>): RepoRevision['files'] =>
  Object.fromEntries(
    Object.entries(entries).map(([path, objs]) => [path, objs.map((object) => ({ object }))]),
  );

const automated = { prune: true, selfHeal: true };
const repo: RepoRevision = {
  name: 'main',
  files: files({
    'apps/projects.yaml': [application('projects', { path: 'projects', wave: -1, automated })],
    'apps/namespaces.yaml': [application('namespaces', { path: 'namespaces', wave: -1, automated })],
    'apps/checkout.yaml': [
      application('checkout', {
        path: 'teams/checkout',
        namespace: 'checkout',
        project: 'teams',
        wave: 0,
        automated,
      }),
    ],
    // A policy check before the projects are written: the AppProject appears only after it (~10 s).
    'projects/check.yaml': [job('check-projects', { hook: 'PreSync', runSeconds: 10 })],
    'projects/teams.yaml': [appProject('teams')],
    'namespaces/checkout.yaml': [namespace('checkout')],
    'teams/checkout/deploy.yaml': [deployment('checkout', { readySeconds: 5 }), service('checkout')],
  }),
};
const root = application('platform', { path: 'apps' });

function run(overrides: Partial<ControlPlaneInput> = {}) {
  return runControlPlane({ repository: repo, objects: [root], untilSeconds: 900, ...overrides });
}

const appEvents = (events: SimEvent[], app: string) => events.filter((e) => e.app === app);
const appliedAt = (events: SimEvent[], name: string) =>
  events.find((e) => e.type === 'apply' && e.kind === 'Application' && e.name === name)?.t;

describe('app of apps with the Application health check (§5.2)', () => {
  const result = run({ healthOverrides: applicationHealthCheck });
  const byName = Object.fromEntries(result.applications.map((a) => [a.metadata.name, a]));

  it('creates the wave-0 child only after the wave -1 children report Healthy', () => {
    const healthyAt = (name: string) =>
      appEvents(result.events, name).find((e) => e.type === 'app' && e.health === 'Healthy')?.t;
    expect(appliedAt(result.events, 'checkout')).toBeGreaterThan(healthyAt('projects')!);
    expect(appliedAt(result.events, 'checkout')).toBeGreaterThan(healthyAt('namespaces')!);
  });

  it('every Application ends Synced and Healthy, each child synced by auto-sync', () => {
    for (const name of ['platform', 'projects', 'namespaces', 'checkout']) {
      expect(byName[name].status.sync.status, name).toBe('Synced');
      expect(byName[name].status.health.status, name).toBe('Healthy');
      expect(byName[name].status.operationState.phase, name).toBe('Succeeded');
    }
    const ops = result.events.filter((e) => e.type === 'app-operation');
    expect(ops.find((e) => e.app === 'platform')).toMatchObject({ initiator: 'admin', automated: false });
    expect(ops.find((e) => e.app === 'checkout')).toMatchObject({ initiator: '', automated: true });
  });

  it("applies children as resources: application.argoproj.io/<name> created, in the parent's log", () => {
    const apply = result.events.find(
      (e) => e.type === 'apply' && e.kind === 'Application' && e.name === 'checkout',
    );
    expect(apply).toMatchObject({
      app: 'platform',
      kind: 'Application',
      message: 'application.argoproj.io/checkout created',
    });
  });

  it('writes status.history for each Succeeded full sync', () => {
    expect(byName.checkout.status.history).toHaveLength(1);
    expect(byName.checkout.status.history[0]).toMatchObject({
      id: 0,
      revision: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('ends at rest within a few minutes of virtual time', () => {
    expect(result.endT).toBeLessThan(300);
    expect(result.problems).toEqual([]);
  });
});

describe('app of apps without the health check (§3.12, cases 123 and 125)', () => {
  const result = run();
  const byName = Object.fromEntries(result.applications.map((a) => [a.metadata.name, a]));

  it('does not wait: the wave-0 child is applied a wave delay and a tick after the wave -1 children', () => {
    const gap = appliedAt(result.events, 'checkout')! - appliedAt(result.events, 'projects')!;
    expect(gap).toBeGreaterThanOrEqual(2);
    expect(gap).toBeLessThan(10);
  });

  it('an Application has no health in the parent: the child rows carry none', () => {
    const row = byName.platform.status.resources.find((r: { name: string }) => r.name === 'checkout');
    expect(row).toBeDefined();
    expect(row.health).toBeUndefined();
  });

  it('the team app created before its AppProject exists gets InvalidSpecError until the periodic refresh', () => {
    const invalid = appEvents(result.events, 'checkout').find(
      (e) => e.type === 'app' && e.sync === 'Unknown',
    );
    expect(invalid).toMatchObject({
      health: 'Unknown',
      message: 'Application referencing project teams which does not exist',
    });
    const op = result.events.find((e) => e.type === 'app-operation' && e.app === 'checkout');
    expect(op!.t).toBeGreaterThanOrEqual(120);
    expect(byName.checkout.status.sync.status).toBe('Synced');
    expect(byName.checkout.status.conditions ?? []).toEqual([]);
  });
});

describe('namespaces must exist (§5.2)', () => {
  it('a namespaced object in a missing namespace fails to apply: namespaces "<ns>" not found', () => {
    const result = runControlPlane({
      repository: { name: 'main', files: files({ 'app/cm.yaml': [configMap('settings')] }) },
      objects: [application('lonely', { path: 'app', namespace: 'nowhere' })],
      untilSeconds: 120,
    });
    expect(result.application.status.operationState.phase).toBe('Failed');
    const row = result.application.status.operationState.syncResult.resources[0];
    expect(row.message).toBe('namespaces "nowhere" not found');
  });
});
