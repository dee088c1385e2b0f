import { describe, expect, it } from 'vitest';
import { SyncResults, type SyncResultRow } from './results';
import { newTask } from './syncTask';
import type { KubeObject } from '../types';

const cm = (name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns' },
});
const row = (name: string, order: number): SyncResultRow => ({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  namespace: 'ns',
  name,
  status: 'Synced',
  message: `configmap/${name} created`,
  hookType: '',
  hookPhase: 'Running',
  syncPhase: 'Sync',
  order,
});

/**
 * SyncResults shares the rows of the previous tick instead of copying them all (results.ts `shared`): a row
 * handed in or handed out must never change under its holder, whatever this tick records.
 */
describe('SyncResults rows shared between ticks', () => {
  it('copies a row handed in before changing it, and hands the change out', () => {
    const before = [row('a', 1), row('b', 2)];
    const frozen = structuredClone(before);
    const events: unknown[] = [];
    const results = new SyncResults(before, (e) => events.push(e));
    results.record(newTask('Sync', cm('b')), 'Synced', 'Succeeded', 'configmap/b synced');
    expect(before).toEqual(frozen);
    const after = results.list();
    expect(after.map((r) => [r.name, r.hookPhase, r.message])).toEqual([
      ['a', 'Running', 'configmap/a created'],
      ['b', 'Succeeded', 'configmap/b synced'],
    ]);
    expect(after[0]).toBe(before[0]);
    expect(events).toHaveLength(1);
  });

  it('copies a row it handed out before changing it again', () => {
    const results = new SyncResults([], () => {});
    results.record(newTask('Sync', cm('a')), 'Synced', 'Running', 'configmap/a created');
    const first = results.list();
    const frozen = structuredClone(first);
    results.record(newTask('Sync', cm('a')), 'Synced', 'Succeeded', 'configmap/a healthy');
    expect(first).toEqual(frozen);
    expect(results.list()[0]).toMatchObject({
      hookPhase: 'Succeeded',
      message: 'configmap/a healthy',
      order: 1,
    });
  });

  it('lists rows by order, whatever order they came in', () => {
    const results = new SyncResults([row('b', 2), row('a', 1)], () => {});
    results.record(newTask('Sync', cm('c')), 'Synced', 'Running', 'configmap/c created');
    expect(results.list().map((r) => [r.name, r.order])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });
});
