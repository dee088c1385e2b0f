import { describe, expect, it } from 'vitest';
import { frameAt } from '../../cursor/frameAt';
import { appLanesOf } from './appLanesOf';
import { appLog, appNamesOf, isPlatform } from './appLog';
import { applicationsOf } from './applicationsOf';
import { appSetRolloutsOf } from './appSetSteps';
import { appTreeAt } from './appTreeAt';
import { parentWavesOf } from './parentWaves';
import { appOfAppsLog, progressiveSyncLog } from '../../../test/kits/platformLog.testKit';
import { sampleLog } from '../../../test/kits/sampleLog.testKit';

// argocd-semantics.md §5.2 (app of apps) and §5.1 (RollingSync), on the hand-built logs of platformLog.testKit.

describe('applicationsOf', () => {
  it('lists the parent first, then its children by wave and name, from its apply events of kind Application', () => {
    const apps = applicationsOf(appOfAppsLog({ health: true }));
    expect(apps.map((a) => [a.name, a.parent, a.wave, a.depth])).toEqual([
      ['platform', undefined, undefined, 0],
      ['namespaces', 'platform', -1, 1],
      ['projects', 'platform', -1, 1],
      ['checkout', 'platform', 0, 1],
      ['payments', 'platform', 0, 1],
    ]);
    expect(apps[0].children).toEqual(['namespaces', 'projects', 'checkout', 'payments']);
  });

  it('a child is created when its parent applies it: wave 0 after wave -1 is Healthy with the Lua, at once without', () => {
    const created = (health: boolean) =>
      Object.fromEntries(applicationsOf(appOfAppsLog({ health })).map((a) => [a.name, a.createdAt]));
    expect(created(true)).toMatchObject({ projects: 0, namespaces: 0, checkout: 5, payments: 5 });
    expect(created(false)).toMatchObject({ projects: 0, namespaces: 0, checkout: 2, payments: 2 });
  });

  it('apps of an ApplicationSet are roots that name their set, in the order of its rollout steps', () => {
    const apps = applicationsOf(progressiveSyncLog());
    expect(apps.map((a) => [a.name, a.parent, a.appSet, a.step])).toEqual([
      ['platform-database', undefined, 'platform-stack', '1'],
      ['platform-backend', undefined, 'platform-stack', '2'],
      ['platform-frontend', undefined, 'platform-stack', '3'],
    ]);
  });
});

describe('appLog', () => {
  it("gives one Application's own log, shaped like a single-app log, the same array each time", () => {
    const events = appOfAppsLog({ health: true });
    const own = appLog(events, 'checkout');
    expect(own.every((e) => e.app === 'checkout')).toBe(true);
    expect(appLog(events, 'checkout')).toBe(own);
    const end = frameAt(own, 100);
    expect(end.operation).toEqual({ phase: 'Succeeded', message: 'successfully synced (all tasks run)' });
    expect(end.app).toMatchObject({ sync: 'Synced', health: 'Healthy' });
    expect(end.results.map((r) => `${r.kind}/${r.name}`)).toEqual(['Deployment/checkout']);
  });

  it('a single-Application log is no platform; a log with several apps is', () => {
    expect(appNamesOf(sampleLog())).toEqual([]);
    expect(isPlatform(sampleLog())).toBe(false);
    expect(isPlatform(appOfAppsLog({ health: false }))).toBe(true);
  });
});

describe('appLanesOf', () => {
  it("each lane has the app's operation, sync and health over time, and who started each operation", () => {
    const lanes = appLanesOf(appOfAppsLog({ health: true }), 30);
    const checkout = lanes.find((l) => l.node.name === 'checkout')!;
    expect(checkout.operation).toEqual([
      { from: 5, to: 20, value: 'Running' },
      { from: 20, to: 30, value: 'Succeeded' },
    ]);
    expect(checkout.sync).toEqual([
      { from: 5, to: 20, value: 'OutOfSync' },
      { from: 20, to: 30, value: 'Synced' },
    ]);
    expect(checkout.health.map((s) => s.value)).toEqual(['Missing', 'Healthy']);
    expect(checkout.operations).toEqual([{ t: 5, by: 'auto-sync', automated: true }]);
    expect(lanes[0].operations).toEqual([{ t: 0, by: 'admin', automated: false }]);
  });

  it("an ApplicationSet's apps carry its Waiting → Pending → Progressing → Healthy; Waiting then Pending at once keeps Pending", () => {
    const lanes = appLanesOf(progressiveSyncLog(), 40);
    const rollout = (name: string) => lanes.find((l) => l.node.name === name)!.rollout;
    expect(rollout('platform-database')).toEqual([
      { from: 0, to: 1, value: 'Pending' },
      { from: 1, to: 10, value: 'Progressing' },
      { from: 10, to: 40, value: 'Healthy' },
    ]);
    expect(rollout('platform-backend').map((s) => [s.from, s.value])).toEqual([
      [0, 'Waiting'],
      [10, 'Pending'],
      [11, 'Progressing'],
      [20, 'Healthy'],
    ]);
  });
});

describe('parentWavesOf', () => {
  it("the parent's waves as spans with the children applied in each: wave 0 waits for Healthy with the Lua", () => {
    expect(parentWavesOf(appOfAppsLog({ health: true }), 30)).toEqual([
      { parent: 'platform', phase: 'Sync', wave: -1, t0: 0, t1: 5, children: ['projects', 'namespaces'] },
      { parent: 'platform', phase: 'Sync', wave: 0, t0: 5, t1: 5, children: ['checkout', 'payments'] },
    ]);
  });

  it('without the Lua, wave 0 starts after the wave delay alone (2 s), whatever the children do', () => {
    const spans = parentWavesOf(appOfAppsLog({ health: false }), 30);
    expect(spans.map((s) => [s.wave, s.t0])).toEqual([
      [-1, 0],
      [0, 2],
    ]);
  });
});

describe('appSetRolloutsOf', () => {
  it('TestRollingSyncSteps-like: three steps in order, each starting when the one before is Healthy', () => {
    const [set] = appSetRolloutsOf(progressiveSyncLog());
    expect(set.name).toBe('platform-stack');
    expect(set.steps.map((s) => [s.step, s.apps, s.started, s.done])).toEqual([
      ['1', ['platform-database'], 0, 10],
      ['2', ['platform-backend'], 10, 20],
      ['3', ['platform-frontend'], 20, 30],
    ]);
  });

  it('when the backend fails, step 2 is never done and step 3 never starts', () => {
    const [set] = appSetRolloutsOf(progressiveSyncLog({ failBackend: true }));
    expect(set.steps.map((s) => [s.step, s.started, s.done])).toEqual([
      ['1', 0, 10],
      ['2', 10, undefined],
      ['3', undefined, undefined],
    ]);
  });
});

describe('appTreeAt', () => {
  it('parent → child Applications → resources, with sync and health at the moment', () => {
    const events = appOfAppsLog({ health: true });
    const [root] = appTreeAt(events, 6);
    expect(root).toMatchObject({
      name: 'platform',
      kind: 'Application',
      sync: 'Synced',
      health: 'Progressing',
    });
    expect(root.children.map((c) => c.name)).toEqual(['projects', 'namespaces', 'checkout', 'payments']);
    const checkout = root.children.find((c) => c.name === 'checkout')!;
    expect(checkout).toMatchObject({ app: 'checkout', sync: 'OutOfSync', health: 'Missing' });
    expect(checkout.children).toEqual([
      expect.objectContaining({
        kind: 'Deployment',
        name: 'checkout',
        sync: 'Synced',
        health: 'Progressing',
      }),
    ]);
    // Before wave 0 the parent has not applied checkout: it is not in the tree yet.
    expect(appTreeAt(events, 2)[0].children.map((c) => c.name)).toEqual(['projects', 'namespaces']);
  });
});
