/**
 * The three Progressive Syncs scenarios (argocd-semantics.md §5.1), played as the page plays them, with their
 * toggles: the set's RolloutProgressing condition at the end, the order the set syncs its apps in, and what the
 * "progressive syncs off", "maxUpdate" and "make the backend fail" switches change.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../src/engine';
import { playScenario, type PlayOptions } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';
import { platformRunSettings } from '../src/scenarios/platformToggles';

function play(id: string, options: PlayOptions = {}) {
  const file = `scenarios/${id}.yaml`;
  const scenario = parseScenario(readFileSync(file, 'utf8'), file);
  return { scenario, result: playScenario(scenario, options) };
}

const rollout = (set: JsonAny) =>
  set.status.conditions.find((c: JsonAny) => c.type === 'RolloutProgressing')?.message as string | undefined;
const synced = (events: SimEvent[]) =>
  events.flatMap((e) => (e.type === 'app-operation' ? [`${e.t} ${e.app} ${e.initiator}`] : []));
const firstTime = (events: SimEvent[], app: string, status: string) =>
  events.find((e) => e.type === 'appset-status' && e.app === app && e.status === status)?.t;

describe('scenarios/progressive-sync.yaml', () => {
  it('rolls out database, backend, frontend in that order, each after the one before is Healthy', () => {
    const { result } = play('progressive-sync');
    const events = result.events;
    expect(synced(events).map((s) => s.split(' ').slice(1).join(' '))).toEqual([
      'platform-database applicationset-controller',
      'platform-backend applicationset-controller',
      'platform-frontend applicationset-controller',
    ]);
    const started = (app: string) => events.find((e) => e.type === 'app-operation' && e.app === app)!.t;
    expect(started('platform-backend')).toBe(firstTime(events, 'platform-database', 'Healthy'));
    expect(started('platform-frontend')).toBe(firstTime(events, 'platform-backend', 'Healthy'));
    expect(started('platform-backend')).toBeGreaterThan(started('platform-database'));
    expect(rollout(result.applicationSets![0])).toBe('ApplicationSet Rollout has completed');
  });

  it('toggle "progressive syncs off": the strategy is ignored and the three apps auto-sync on their own at t 0', () => {
    const { scenario, result } = play('progressive-sync', { progressiveSyncs: false });
    expect(scenario.platformToggles!.find((t) => t.id === 'progressiveSyncsOff')?.progressiveSyncs).toBe(
      false,
    );
    expect(synced(result.events)).toEqual([
      '0 platform-backend ',
      '0 platform-database ',
      '0 platform-frontend ',
    ]);
    expect(result.events.some((e) => e.type === 'appset-status')).toBe(false);
    expect(result.applicationSets![0].status.applicationStatus).toBeUndefined();
    expect(rollout(result.applicationSets![0])).toBeUndefined();
  });

  it('toggle "make the backend fail": the rollout stops at step 2', () => {
    const { result } = play('progressive-sync', { fail: ['deployment/backend-api'] });
    expect(synced(result.events).map((s) => s.split(' ')[1])).toEqual([
      'platform-database',
      'platform-backend',
    ]);
    expect(rollout(result.applicationSets![0])).toBe('ApplicationSet is performing rollout of step 2');
  });
});

describe('scenarios/progressive-sync-backend-fails.yaml', () => {
  it('holds at step 2 with the backend Degraded, the frontend never synced, and ends within minutes', () => {
    const { result } = play('progressive-sync-backend-fails');
    const set = result.applicationSets![0];
    expect(rollout(set)).toBe('ApplicationSet is performing rollout of step 2');
    const entries = set.status.applicationStatus.map(
      (e: JsonAny) => `${e.application} ${e.step} ${e.status}`,
    );
    expect(entries).toEqual([
      'platform-backend 2 Progressing',
      'platform-database 1 Healthy',
      'platform-frontend 3 Waiting',
    ]);
    expect(synced(result.events).map((s) => s.split(' ')[1])).toEqual([
      'platform-database',
      'platform-backend',
    ]);
    expect(result.endT).toBeLessThan(300);
  });
});

describe('scenarios/progressive-sync-max-update-1.yaml', () => {
  it('syncs the two apps of step 2 one after the other: the frontend only once the backend is Healthy', () => {
    const { result } = play('progressive-sync-max-update-1');
    const events = result.events;
    expect(firstTime(events, 'platform-frontend', 'Pending')).toBe(
      firstTime(events, 'platform-backend', 'Healthy'),
    );
    expect(rollout(result.applicationSets![0])).toBe('ApplicationSet Rollout has completed');
  });

  it('toggle "maxUpdate: 100%": both apps of step 2 go Pending together', () => {
    const { result } = play('progressive-sync-max-update-1', { maxUpdate: '100%' });
    const events = result.events;
    expect(firstTime(events, 'platform-frontend', 'Pending')).toBe(
      firstTime(events, 'platform-backend', 'Pending'),
    );
    expect(firstTime(events, 'platform-frontend', 'Pending')).toBe(
      firstTime(events, 'platform-database', 'Healthy'),
    );
  });
});

describe('scenarios/environments-promotion.yaml (several clusters, argocd-semantics.md §5.13)', () => {
  it('rolls dev, then staging; staging Degraded holds the rollout on step 2 and prod is never synced', () => {
    const { result } = play('environments-promotion');
    expect(synced(result.events).map((s) => s.split(' ')[1])).toEqual(['shop-dev', 'shop-staging']);
    expect(rollout(result.applicationSets![0])).toBe('ApplicationSet is performing rollout of step 2');
    // Nothing of the shop is in the prod cluster, and each cluster holds only its own environment's namespace.
    const deployments = (name: string) =>
      result.clusters!.find((c) => c.name === name)!.live.filter((o) => o.kind === 'Deployment');
    expect(deployments('prod')).toEqual([]);
    expect(deployments('dev').map((d) => d.metadata.namespace)).toEqual(['shop-dev']);
    expect(deployments('staging').map((d) => d.metadata.namespace)).toEqual(['shop-staging']);
    expect(result.live.filter((o) => o.kind === 'Deployment')).toEqual([]);
  });

  it('the fix-staging switch, as the page sets it, lets the rollout reach prod the instant staging is Healthy', () => {
    const { scenario } = play('environments-promotion');
    const { result } = play('environments-promotion', platformRunSettings(scenario, ['fixStaging']));
    expect(synced(result.events).map((s) => s.split(' ')[1])).toEqual([
      'shop-dev',
      'shop-staging',
      'shop-prod',
    ]);
    expect(result.events.find((e) => e.type === 'app-operation' && e.app === 'shop-prod')!.t).toBe(
      firstTime(result.events, 'shop-staging', 'Healthy'),
    );
    expect(rollout(result.applicationSets![0])).toBe('ApplicationSet Rollout has completed');
  });
});
