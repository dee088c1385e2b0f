import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine/events';
import { frameAt, HOOK_LINGER_SECONDS } from './frameAt';
import { sampleLog } from '../../test/kits/sampleLog.testKit';

const log = sampleLog();

describe('frameAt', () => {
  it('shows the latest operation phase and message at the cursor', () => {
    expect(frameAt(log, 3).operation).toEqual({
      phase: 'Running',
      message: 'waiting for completion of hook batch/Job/migrate',
    });
    expect(frameAt(log, 20).operation?.phase).toBe('Succeeded');
  });

  it('ignores events after the cursor', () => {
    const frame = frameAt(log, 6.1);
    expect(frame.results.map((r) => `${r.name}:${r.hookPhase}`)).toEqual(['migrate:Running']);
    expect(frame.count).toBe(log.filter((e) => e.t <= 6.1).length);
  });

  it('joins each result row with the live health of its object', () => {
    const row = frameAt(log, 9).results.find((r) => r.name === 'backend');
    expect(row?.health).toBe('Progressing');
    expect(row?.healthMessage).toMatch(/^Waiting for rollout to finish/);
  });

  it('keeps result rows in the order the engine first recorded them', () => {
    expect(frameAt(log, 20).results.map((r) => r.name)).toEqual(['migrate', 'backend', 'frontend']);
  });

  it('counts the wave delay down and drops it once it is over', () => {
    expect(frameAt(log, 6.8).waveDelay).toMatchObject({ phase: 'Sync', wave: 0, seconds: 2 });
    expect(frameAt(log, 6.8).waveDelay?.left).toBeCloseTo(1.4);
    expect(frameAt(log, 8.2).waveDelay).toBeUndefined();
  });

  it('keeps a deleted hook on screen briefly with the reason, then removes it', () => {
    const just = frameAt(log, 12.5).hooks.find((h) => h.name === 'migrate');
    expect(just?.gone).toEqual({ reason: 'HookSucceeded', t: 12.1 });
    expect(frameAt(log, 12.1 + HOOK_LINGER_SECONDS + 0.1).hooks).toEqual([]);
  });

  it('removes a pod when its object is deleted', () => {
    expect(frameAt(log, 12.5).pods.find((p) => p.name === 'migrate-x1')?.state).toBe('Terminating');
    expect(frameAt(log, 13).pods.some((p) => p.name === 'migrate-x1')).toBe(false);
  });

  it('has no operation before the first event', () => {
    const later: SimEvent[] = log.map((e) => ({ ...e, t: e.t + 1 }));
    expect(frameAt(later, 0.5).operation).toBeUndefined();
  });

  it('carries the cluster over from the history before t = 0, but not the earlier operation', () => {
    const history: SimEvent[] = [
      { t: -60, type: 'operation', phase: 'Succeeded', message: 'successfully synced (all tasks run)' },
      {
        t: -60,
        type: 'result',
        group: 'apps',
        kind: 'Deployment',
        namespace: 'shop',
        name: 'api',
        syncPhase: 'Sync',
        wave: 0,
        hookType: '',
        status: 'Synced',
        hookPhase: 'Succeeded',
        message: '',
      },
      {
        t: -50,
        type: 'pod',
        namespace: 'shop',
        name: 'api-1',
        state: 'Ready',
        ready: true,
        restarts: 0,
        ownerKind: 'Deployment',
        ownerName: 'api',
        image: 'api:1',
        message: '',
      },
    ];
    const frame = frameAt([...history, ...log], 0);
    expect(frame.pods.map((p) => p.name)).toEqual(['api-1']);
    expect(frame.results.map((r) => r.name)).toEqual(['migrate']);
    expect(frame.operation?.message).toBe('waiting for completion of hook batch/Job/migrate');
  });

  it('drops Missing once the object exists, so a kind without a health check shows no health', () => {
    const cm = { group: '', kind: 'ConfigMap', namespace: 'shop', name: 'config' };
    const events: SimEvent[] = [
      { t: 0, type: 'health', ...cm, status: 'Missing', message: '', hook: false },
      { t: 1, type: 'object', ...cm, action: 'created' },
    ];
    expect(frameAt(events, 0.5).health.get('/ConfigMap/shop/config')?.status).toBe('Missing');
    expect(frameAt(events, 1).health.has('/ConfigMap/shop/config')).toBe(false);
  });
});
