import { describe, expect, it } from 'vitest';
import { SyncResults, syncResultsCounts, type SyncResultRow } from './results';
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

/**
 * Issue 28 (engine speed): the next tick takes over the rows of the list this tick handed out instead of filing
 * them all again, and a tick that changes nothing hands the same list on. Each must say exactly what a list filed
 * afresh from the same rows would.
 */
describe('SyncResults kept from one tick to the next', () => {
  it('takes over the rows of the list the last tick handed out, and hands it on while nothing changes', () => {
    const first = new SyncResults([], () => {});
    first.record(newTask('Sync', cm('a')), 'Synced', 'Running', 'configmap/a created');
    const handed = first.list();
    const before = { ...syncResultsCounts };
    const second = new SyncResults(handed, () => {});
    expect(syncResultsCounts.takenOver).toBe(before.takenOver + 1);
    expect(syncResultsCounts.filed).toBe(before.filed);
    // The same outcome recorded again changes nothing: the list handed on is the very one handed in.
    second.record(newTask('Sync', cm('a')), 'Synced', 'Running', 'configmap/a created');
    expect(second.list()).toBe(handed);
    expect(new SyncResults(handed, () => {}).list()).toBe(handed);
  });

  it('hands out a new list after a change, leaving the old list and its rows as they were', () => {
    const first = new SyncResults([], () => {});
    first.record(newTask('Sync', cm('a')), 'Synced', 'Running', 'configmap/a created');
    const handed = first.list();
    const frozen = structuredClone(handed);
    const second = new SyncResults(handed, () => {});
    second.record(newTask('Sync', cm('a')), 'Synced', 'Succeeded', 'configmap/a healthy');
    second.record(newTask('Sync', cm('b')), 'Synced', 'Running', 'configmap/b created');
    const next = second.list();
    expect(next).not.toBe(handed);
    expect(handed).toEqual(frozen);
    expect(next.map((r) => [r.name, r.hookPhase, r.order])).toEqual([
      ['a', 'Succeeded', 1],
      ['b', 'Running', 2],
    ]);
    // The next tick starts from the new list with both rows.
    const third = new SyncResults(next, () => {});
    expect(third.size).toBe(2);
    expect(third.get('/ConfigMap/ns/a:Sync')?.hookPhase).toBe('Succeeded');
  });

  it('files the rows afresh when a second tick starts from a list a tick already took over (that tick failed)', () => {
    const first = new SyncResults([], () => {});
    first.record(newTask('Sync', cm('a')), 'Synced', 'Running', 'configmap/a created');
    const handed = first.list();
    const failed = new SyncResults(handed, () => {});
    failed.record(newTask('Sync', cm('a')), 'Synced', 'Failed', 'configmap/a broke');
    failed.record(newTask('Sync', cm('b')), 'Synced', 'Running', 'configmap/b created');
    const before = { ...syncResultsCounts };
    const retry = new SyncResults(handed, () => {});
    expect(syncResultsCounts.filed).toBe(before.filed + 1);
    expect(retry.size).toBe(1);
    expect(retry.get('/ConfigMap/ns/a:Sync')).toMatchObject({
      hookPhase: 'Running',
      message: 'configmap/a created',
    });
  });
});
