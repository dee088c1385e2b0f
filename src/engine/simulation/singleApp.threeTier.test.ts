import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../events';
import {
  appliesOf,
  eventsOf,
  indexOf,
  keyOf,
  lastBefore,
  stepStarts,
  type EventOf,
} from '../../../test/kits/eventQueries.testKit';
import { runSingleApp } from './singleApp';
import { threeTier } from '../../../test/kits/seedApps.testKit';

// The three-tier stack of scenarios/three-tier.yaml, on a fresh cluster.
const result = runSingleApp({
  desired: threeTier(),
  app: 'three-tier',
  namespace: 'three-tier',
  syncOptions: ['CreateNamespace=true'],
});
const { events } = result;
const steps = stepStarts(events);

/** The last health an object reported between two log positions, if it reported any. */
function healthBetween(from: number, to: number, key: string): string | undefined {
  const slice = events.slice(from, to);
  return lastBefore(
    slice,
    slice.length,
    (e): e is EventOf<'health'> => e.type === 'health' && keyOf(e) === key,
  )?.status;
}

function isApply(e: SimEvent, phase: string, name?: string): boolean {
  return e.type === 'apply' && e.phase === phase && (name === undefined || e.name === name);
}

describe('three-tier sync', () => {
  it('runs PreSync, the four Sync waves in order, then PostSync, and succeeds', () => {
    expect(steps.map((s) => `${s.phase} ${s.wave}`)).toEqual([
      'PreSync 0',
      'Sync -1',
      'Sync 0',
      'Sync 1',
      'Sync 2',
      'PostSync 0',
    ]);
    expect(result.application.status.operationState?.phase).toBe('Succeeded');
    expect(result.application.status.operationState?.message).toBe('successfully synced (no more tasks)');
    expect(result.application.status.sync.status).toBe('Synced');
    expect(result.application.status.health.status).toBe('Healthy');
  });

  it('starts each step only after every object of the previous step is Healthy (or has no health check)', () => {
    for (let i = 1; i < steps.length; i++) {
      const previous = steps[i - 1];
      for (const apply of appliesOf(events, previous)) {
        const applied = events.indexOf(apply);
        const health = healthBetween(applied, steps[i].index, keyOf(apply));
        // A ConfigMap has no health check and reports none; anything that reports must be Healthy by now.
        if (health !== undefined) expect(`${keyOf(apply)} ${health}`).toBe(`${keyOf(apply)} Healthy`);
      }
    }
  });

  it('starts each step only after the 2 s wave delay of the previous step has passed (§2.11)', () => {
    for (let i = 1; i < steps.length; i++) {
      const previous = steps[i - 1];
      const delay = lastBefore(
        events,
        steps[i].index,
        (e): e is EventOf<'wave-delay'> =>
          e.type === 'wave-delay' && e.phase === previous.phase && e.wave === previous.wave,
      );
      expect(delay?.seconds).toBe(2);
      expect(steps[i].t).toBeGreaterThanOrEqual(delay!.t + 2);
    }
  });

  it('runs the PreSync migration to completion before anything of the Sync phase is applied', () => {
    const firstSyncApply = indexOf(events, (e) => isApply(e, 'Sync'));
    const migrationHealthy = indexOf(
      events,
      (e) => e.type === 'health' && e.name === 'database-migration' && e.status === 'Healthy',
    );
    expect(indexOf(events, (e) => isApply(e, 'PreSync', 'database-migration'))).toBeLessThan(
      migrationHealthy,
    );
    expect(migrationHealthy).toBeGreaterThan(-1);
    expect(migrationHealthy).toBeLessThan(firstSyncApply);
  });

  it('starts the PostSync smoke test only after the frontend Deployment is Healthy', () => {
    const smoke = indexOf(events, (e) => isApply(e, 'PostSync', 'smoke-test'));
    const frontendHealthy = indexOf(
      events,
      (e) => e.type === 'health' && keyOf(e) === 'Deployment/frontend' && e.status === 'Healthy',
    );
    expect(frontendHealthy).toBeGreaterThan(-1);
    expect(frontendHealthy).toBeLessThan(smoke);
  });

  it('deletes both HookSucceeded hooks when the operation succeeds, and not before', () => {
    const deletes = eventsOf(events, 'delete');
    expect(deletes.map((d) => `${keyOf(d)} ${d.reason}`).sort()).toEqual([
      'Job/database-migration HookSucceeded',
      'Job/smoke-test HookSucceeded',
    ]);
    const succeeded = eventsOf(events, 'operation').find((e) => e.phase === 'Succeeded');
    expect(deletes.every((d) => d.t === succeeded?.t)).toBe(true);
    const live = result.live.map((o) => keyOf({ kind: o.kind, name: o.metadata.name ?? '' }));
    expect(live).not.toContain('Job/database-migration');
    expect(live).not.toContain('Job/smoke-test');
  });
});
