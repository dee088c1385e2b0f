import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { platformRunSettings } from '../src/scenarios/platformToggles';
import { parseScenario } from '../src/scenarios/scenario';
import { parseCompare } from '../src/ui/compare/compareLink';

/**
 * The sync window and sync timeout scenarios at the moments their stories name (argocd-semantics.md §5.14,
 * §2.16), with and without their toggles.
 */
const load = (id: string) =>
  parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
const ops = (events: SimEvent[], app = 'checkout') =>
  events.filter(
    (e): e is Extract<SimEvent, { type: 'operation' }> => e.type === 'operation' && e.app === app,
  );
const starts = (events: SimEvent[], app = 'storefront') =>
  events.filter(
    (e): e is Extract<SimEvent, { type: 'app-operation' }> => e.type === 'app-operation' && e.app === app,
  );

describe('scenarios/sync-window-blocks-release.yaml (appcontroller.go L2002-L2019, application.go L2096)', () => {
  const scenario = load('sync-window-blocks-release');
  const result = playScenario(scenario);

  it('the release committed inside the window is not synced until after it: no condition, only the log line', () => {
    expect(starts(result.events).map((e) => e.t)).toEqual([0, expect.any(Number)]);
    const release = starts(result.events)[1];
    // The window ends at t 900; the app's refreshes come at 120 s intervals plus its jitter (49.3 s).
    expect(release.t).toBeGreaterThan(900);
    expect(release.automated).toBe(true);
    const prevented = result.events.filter((e) => e.type === 'sync-window' && e.automated);
    expect(prevented.length).toBeGreaterThan(0);
    expect(prevented.every((e) => e.t > 360 && e.t < 900)).toBe(true);
    const app: JsonAny = result.application;
    expect(app.status.conditions ?? []).toEqual([]);
  });

  it('payments, which the window does not name, syncs the release at its own next refresh', () => {
    const payments = starts(result.events, 'payments').map((e) => e.t);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toBeGreaterThan(360);
    expect(payments[1]).toBeLessThan(900);
  });

  it('the sync by hand at t 420 is refused in the API server’s words, and the run says so', () => {
    expect(result.events.find((e) => e.type === 'sync-window' && !e.automated)).toMatchObject({
      t: 420,
      message: 'cannot sync: blocked by sync window',
    });
    expect(result.warnings).toEqual(['sync storefront: cannot sync: blocked by sync window']);
  });

  it('with manualSync on, the sync by hand goes through at t 420', () => {
    const on = playScenario(scenario, platformRunSettings(scenario, ['manualSync']));
    expect(starts(on.events).map((e) => [e.t, e.initiator])).toEqual([
      [0, ''],
      [420, 'admin'],
    ]);
    expect(on.warnings).toEqual([]);
  });
});

describe('scenarios/sync-timeout.yaml (appcontroller.go L1602-L1607, TestProcessRequestedAppOperation_SyncTimeout)', () => {
  const scenario = load('sync-timeout');

  it('with the timeout: Terminating then Failed at t 300, "triggered by controller sync timeout", no SyncFail hook', () => {
    const result = playScenario(scenario);
    const first = ops(result.events).filter((e) => e.t <= 600);
    expect(first.slice(-2).map((e) => [e.t, e.phase, e.message])).toEqual([
      [300, 'Terminating', 'operation is terminating due to timeout'],
      [300, 'Failed', 'Operation terminated, triggered by controller sync timeout'],
    ]);
    expect(result.events.some((e) => e.type === 'apply' && e.name === 'checkout-sync-failed')).toBe(false);
  });

  it('without it: still Running at t 599, then "Operation terminated" by hand, no word about a timeout', () => {
    const result = playScenario(scenario, platformRunSettings(scenario, ['noTimeout']));
    const first = ops(result.events).filter((e) => e.t <= 650);
    expect(first.filter((e) => e.t < 600).every((e) => e.phase === 'Running')).toBe(true);
    expect(first.at(-1)).toMatchObject({ phase: 'Failed', message: 'Operation terminated' });
  });
});

describe('the compare view sets the sync timeout beside a terminate by hand (contract.md §2 compare=)', () => {
  it('compare=sync-timeout,sync-timeout~noTimeout names the two runs, whose endings differ', () => {
    const { items, problems } = parseCompare('sync-timeout,sync-timeout~noTimeout');
    expect(problems).toEqual([]);
    const scenario = load('sync-timeout');
    const [timedOut, byHand] = items.map((item) =>
      playScenario(scenario, platformRunSettings(scenario, item.toggles)),
    );
    const firstEnd = (events: SimEvent[]) => ops(events).find((e) => e.phase === 'Failed');
    expect(firstEnd(timedOut.events)).toMatchObject({
      t: 300,
      message: 'Operation terminated, triggered by controller sync timeout',
    });
    expect(firstEnd(byHand.events)).toMatchObject({ message: 'Operation terminated' });
    expect(firstEnd(byHand.events)!.t).toBeGreaterThan(600);
  });
});
