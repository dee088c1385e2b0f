import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterAt, type JsonAny, type SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

/**
 * The intervention scenarios, checked at the moments their stories name (argocd-semantics.md §5.0, §5.4): drift
 * and self-heal (with and without selfHeal), and a commit that lands during a running sync.
 */
const load = (id: string) =>
  parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
const starts = (events: SimEvent[]) => events.filter((e) => e.type === 'app-operation').map((e) => e.t);
const appAt = (events: SimEvent[], t: number) => events.filter((e) => e.type === 'app' && e.t <= t).at(-1);

describe('scenarios/drift-self-heal.yaml (e2e app_autosync_test.go TestAutoSyncSelfHealEnabled)', () => {
  const scenario = load('drift-self-heal');
  const result = playScenario(scenario);
  const app: JsonAny = result.application;

  it('kubectl delete at 60 s: OutOfSync, and self-heal starts in the same second (handleObjectUpdated)', () => {
    expect(result.events.find((e) => e.type === 'intervention')).toMatchObject({
      t: 60,
      output: 'deployment.apps "checkout" deleted',
    });
    expect(starts(result.events)).toEqual([0, 60, 90]);
    expect(result.events.some((e) => e.type === 'app' && e.t === 60 && e.sync === 'OutOfSync')).toBe(true);
  });

  it('the Deployment is back, Synced and Healthy, within seconds; no hook ran for it', () => {
    const healthy = result.events.find((e) => e.type === 'app' && e.t > 60 && e.health === 'Healthy');
    expect(healthy!.t - 60).toBeLessThan(10);
    const applies = result.events.filter((e) => e.type === 'apply' && e.t >= 60);
    expect(applies.map((e) => e.type === 'apply' && `${e.kind}/${e.name}`)).toEqual([
      'Deployment/checkout',
      'ConfigMap/checkout-config',
    ]);
  });

  it("the hand edit of the ConfigMap is undone: Git's value is back; self-heal attempts 2, no history entry", () => {
    const cm = result.live.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'checkout-config');
    expect(cm?.data).toEqual({ PODINFO_UI_MESSAGE: 'checkout 6.7.1' });
    // appcontroller.go L2618-L2627: every row of status.resources whose status is not Synced, so the live
    // migration hook (a row with no sync status, controller/state.go L1040) is named too; the sync makes no task
    // of it (a hook is not a target).
    expect(app.status.operationState.operation.sync).toMatchObject({
      selfHealAttemptsCount: 2,
      resources: [
        { kind: 'ConfigMap', name: 'checkout-config' },
        { group: 'batch', kind: 'Job', name: 'checkout-migrate' },
      ],
    });
    expect(app.status.history).toHaveLength(1);
  });

  it('with self-heal off (the toggle), both changes stay and the app stays OutOfSync (TestAutoSyncSelfHealDisabled)', () => {
    const off = playScenario(scenario, { selfHeal: false });
    expect(starts(off.events)).toEqual([0]);
    expect(off.application.status.sync.status).toBe('OutOfSync');
    expect(off.live.some((o) => o.kind === 'Deployment')).toBe(false);
    const cm = off.live.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'checkout-config');
    expect(cm?.data).toEqual({ PODINFO_UI_MESSAGE: 'edited by hand' });
    // No SyncError: auto-sync skips quietly ("most recent sync already to [<rev>]", appcontroller.go L2600).
    expect((off.application as JsonAny).status.conditions ?? []).toEqual([]);
  });
});

describe('scenarios/commit-while-syncing.yaml (appcontroller.go autoSync "another operation is in progress")', () => {
  const result = playScenario(load('commit-while-syncing'));
  const app: JsonAny = result.application;
  const commit = result.events.find((e) => e.type === 'commit');
  const firstEnd = result.events.find((e) => e.type === 'operation' && e.phase === 'Succeeded')!;

  it('the commit lands at 10 s, during the first sync; no second operation starts while it runs', () => {
    expect(commit).toMatchObject({ t: 10 });
    expect(starts(result.events)).toEqual([0, firstEnd.t]);
    expect(firstEnd.t).toBeGreaterThan(10);
  });

  it('the running sync keeps the revision it started with: the first history entry is 6.7.1', () => {
    const [first, second] = app.status.history as JsonAny[];
    expect(first.revision).not.toBe(commit?.type === 'commit' && commit.revision);
    expect(second.revision).toBe(commit?.type === 'commit' && commit.revision);
    const cm = clusterAt(result.objects, firstEnd.t).find((o) => o.metadata.name === 'checkout-config');
    expect(cm?.data).toEqual({ PODINFO_UI_MESSAGE: 'checkout 6.7.1' });
  });

  it('its completion refresh sees 6.7.2 (OutOfSync) and auto-sync runs a full sync of it, hooks included', () => {
    expect(appAt(result.events, firstEnd.t)).toMatchObject({ sync: 'OutOfSync' });
    const hooks = result.events.filter(
      (e) => e.type === 'apply' && e.kind === 'Job' && e.name === 'checkout-migrate',
    );
    expect(hooks.map((e) => e.t < firstEnd.t)).toEqual([true, false]);
    const cm = result.live.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'checkout-config');
    expect(cm?.data).toEqual({ PODINFO_UI_MESSAGE: 'checkout 6.7.2' });
    expect([app.status.sync.status, app.status.health.status]).toEqual(['Synced', 'Healthy']);
  });
});
