import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { SimEvent } from '../engine/events';
import { layoutTimeline } from './layout';
import type { ObjectRow, TimelineLayout } from './types';

function fixture(name: string): SimEvent[] {
  return JSON.parse(readFileSync(`test/fixtures/events/${name}.json`, 'utf8'));
}

const threeTier = layoutTimeline(fixture('three-tier-sync'), { width: 1280 });
const preSyncFails = layoutTimeline(fixture('presync-migration-fails'), { width: 1280 });
const postSyncFails = layoutTimeline(fixture('postsync-smoke-test-fails'), { width: 1280 });

const labels = (layout: TimelineLayout) => layout.rows.map((r) => r.label);
const rowOf = (layout: TimelineLayout, label: string) =>
  layout.rows.find((r): r is ObjectRow => r.type === 'object' && r.label === label)!;
const segmentsOf = (layout: TimelineLayout, label: string) =>
  layout.segments.filter((s) => s.rowKey === rowOf(layout, label).key).map((s) => [s.status, s.t0, s.t1]);
const hooksOf = (layout: TimelineLayout, label: string) =>
  layout.hookSpans
    .filter((h) => h.rowKey === rowOf(layout, label).key)
    .map((h) => ({ t0: h.t0, doneT: h.doneT, t1: h.t1, outcome: h.outcome, deletedBy: h.deletedBy }));

describe('rows', () => {
  test('group by phase, then wave, then Argo CD kind order, then name', () => {
    expect(labels(threeTier)).toEqual([
      'PreSync',
      'Job/migrate',
      'Sync',
      'ConfigMap/app-config',
      'Service/postgres',
      'StatefulSet/postgres',
      'Service/backend',
      'Deployment/backend',
      'Service/frontend',
      'Deployment/frontend',
      'PostSync',
      'Job/smoke-test',
    ]);
  });

  test('resources never acted on sort after the known waves, by kind then name, with no wave shown', () => {
    expect(labels(preSyncFails)).toEqual([
      'PreSync',
      'Job/migrate',
      'Sync',
      'ConfigMap/app-config',
      'Service/backend',
      'Service/frontend',
      'Service/postgres',
      'Deployment/backend',
      'Deployment/frontend',
      'StatefulSet/postgres',
      'SyncFail',
      'Job/notify-failure',
    ]);
    expect(rowOf(preSyncFails, 'Deployment/backend').detail).toBe('');
  });

  test('the kind order ignores the API group and custom kinds go last', () => {
    const at = (t: number, kind: string, group: string, name: string): SimEvent => ({
      t,
      type: 'apply',
      kind,
      group,
      namespace: 'default',
      name,
      phase: 'Sync',
      wave: 0,
      hook: false,
      result: 'created',
      message: '',
    });
    const layout = layoutTimeline(
      [
        at(0, 'Widget', 'example.com', 'a'),
        at(0, 'Service', 'serving.knative.dev', 'z'),
        at(0, 'Namespace', '', 'ns'),
      ],
      { width: 1280 },
    );
    expect(labels(layout)).toEqual(['Sync', 'Namespace/ns', 'Service/z', 'Widget/a']);
  });

  test('hooks say so beside their wave', () => {
    expect(rowOf(threeTier, 'Job/migrate').detail).toBe('hook · wave 0');
    expect(rowOf(threeTier, 'ConfigMap/app-config').detail).toBe('wave -1');
  });

  test('rows stack from the top of the plot, one row height apart', () => {
    expect(threeTier.rows.map((r) => r.y).slice(0, 3)).toEqual([80, 104, 128]);
    expect(threeTier.plot.bottom).toBe(80 + 12 * 24);
  });
});

describe('segments', () => {
  test('follow the health changes of a resource: Missing until created, then Progressing, then Healthy', () => {
    expect(segmentsOf(threeTier, 'Deployment/backend')).toEqual([
      ['Missing', 0, 31.1],
      ['Progressing', 31.1, 31.3],
      ['Progressing', 31.3, 38.8],
      ['Healthy', 38.8, 65.9],
    ]);
  });

  test('a kind without a health check shows as present, with no status, once applied', () => {
    expect(segmentsOf(threeTier, 'ConfigMap/app-config')).toEqual([
      ['Missing', 0, 12.6],
      ['none', 12.6, 65.9],
    ]);
  });

  test('an object configured by the sync was there from the start', () => {
    expect(segmentsOf(postSyncFails, 'ConfigMap/app-config')).toEqual([['none', 0, 72.2]]);
  });

  test('a hook bar ends when the deleted hook is gone, and restarts when it is created again', () => {
    expect(segmentsOf(threeTier, 'Job/migrate')).toEqual([
      ['Progressing', 0, 7.6],
      ['Healthy', 7.6, 65.9],
    ]);
    expect(segmentsOf(postSyncFails, 'Job/smoke-test')).toEqual([
      ['none', 0, 42.3],
      ['Progressing', 47.3, 67.2],
      ['Degraded', 67.2, 72.2],
    ]);
  });

  test('bars are placed in pixels on the row of their object', () => {
    const [first] = threeTier.segments;
    expect(first.x0).toBe(threeTier.plot.left);
    expect(first.y).toBe(rowOf(threeTier, 'Job/migrate').y);
  });
});

describe('hook spans', () => {
  test('a PreSync hook runs from creation to completion and is deleted by HookSucceeded when the sync succeeds', () => {
    expect(hooksOf(threeTier, 'Job/migrate')).toEqual([
      { t0: 0, doneT: 7.6, t1: 65.5, outcome: 'Succeeded', deletedBy: 'HookSucceeded' },
    ]);
  });

  test('a hook with no delete policy for the outcome stays until the end', () => {
    expect(hooksOf(threeTier, 'Job/smoke-test')).toEqual([
      { t0: 54.6, doneT: 60.5, t1: 65.9, outcome: 'Succeeded', deletedBy: null },
    ]);
    expect(hooksOf(postSyncFails, 'Job/migrate')[0].deletedBy).toBeNull();
  });

  test('a failed PreSync hook is kept and the SyncFail hook is deleted by HookFailed', () => {
    expect(hooksOf(preSyncFails, 'Job/migrate')).toEqual([
      { t0: 0, doneT: 21.7, t1: 37.1, outcome: 'Failed', deletedBy: null },
    ]);
    expect(hooksOf(preSyncFails, 'Job/notify-failure')).toEqual([
      { t0: 26.7, doneT: 31.7, t1: 36.7, outcome: 'Succeeded', deletedBy: 'HookFailed' },
    ]);
  });

  test('BeforeHookCreation removes the leftover of an earlier sync before the hook is created again', () => {
    const [leftover, fresh] = postSyncFails.hookSpans.filter(
      (h) => h.rowKey === 'batch/Job/default/smoke-test',
    );
    expect(leftover).toMatchObject({ preexisting: true, t0: 0, t1: 41, deletedBy: 'BeforeHookCreation' });
    expect(fresh).toMatchObject({ preexisting: false, t0: 47.3, doneT: 67.2, outcome: 'Failed' });
    // The new bar starts soon after, so the label goes on the other side.
    expect(leftover.labelSide).toBe('left');
  });
});

describe('markers', () => {
  test('a prune is marked on the pruned object at the time of the delete', () => {
    expect(
      postSyncFails.markers.map(({ rowKey, type, t, label, labelSide }) => ({
        rowKey,
        type,
        t,
        label,
        labelSide,
      })),
    ).toEqual([
      {
        rowKey: '/ConfigMap/default/legacy-flags',
        type: 'prune',
        t: 17.1,
        label: 'pruned',
        labelSide: 'right',
      },
    ]);
  });

  test('a failed apply is marked', () => {
    const layout = layoutTimeline(
      [
        {
          t: 3,
          type: 'apply',
          kind: 'Pod',
          group: '',
          namespace: 'default',
          name: 'p',
          phase: 'Sync',
          wave: 0,
          hook: true,
          result: 'failed',
          message: 'Pod "p" is invalid',
        },
      ],
      { width: 800 },
    );
    expect(layout.markers.map((m) => [m.type, m.t, m.label])).toEqual([['apply-failed', 3, 'apply failed']]);
    expect(layout.segments).toEqual([]);
  });

  test('the operation end is the last operation event, when it is a completed phase', () => {
    expect(threeTier.operationEnd).toMatchObject({ t: 65.5, phase: 'Succeeded' });
    expect(postSyncFails.operationEnd).toMatchObject({
      t: 72.2,
      phase: 'Failed',
      message: 'one or more synchronization tasks completed unsuccessfully',
    });
    const running = fixture('three-tier-sync').filter((e) => e.t < 40);
    expect(layoutTimeline(running, { width: 1280 }).operationEnd).toBeNull();
  });
});

describe('bands, waves and delays', () => {
  test('phase bands last from their first step to the next phase or the operation end', () => {
    expect(threeTier.bands.map((b) => [b.phase, b.t0, b.t1])).toEqual([
      ['PreSync', 0, 12.6],
      ['Sync', 12.6, 54.6],
      ['PostSync', 54.6, 65.5],
    ]);
    expect(preSyncFails.bands.map((b) => b.phase)).toEqual(['PreSync', 'SyncFail']);
  });

  test('every step is a labelled wave boundary', () => {
    expect(threeTier.waves.map((w) => `${w.phase} ${w.label} @${w.t}`)).toEqual([
      'PreSync wave 0 @0',
      'Sync wave -1 @12.6',
      'Sync wave 0 @17.6',
      'Sync wave 1 @31.1',
      'Sync wave 2 @43.8',
      'PostSync wave 0 @54.6',
    ]);
    expect(threeTier.waves.every((w) => w.lane === 0)).toBe(true);
  });

  test('wave labels that would collide move to the second lane, then are hidden', () => {
    const steps: SimEvent[] = [0, 0.1, 0.2].map((t, wave) => ({ t, type: 'step', phase: 'Sync', wave }));
    const layout = layoutTimeline(steps, { width: 1280, endT: 60 });
    expect(layout.waves.map((w) => w.lane)).toEqual([0, 1, -1]);
  });

  test('wave delays are shaded for their seconds after every step but the last', () => {
    expect(threeTier.delays.map((d) => [d.phase, d.wave, d.t0, d.t1])).toEqual([
      ['PreSync', 0, 0, 2],
      ['Sync', -1, 12.6, 14.6],
      ['Sync', 0, 17.6, 19.6],
      ['Sync', 1, 31.1, 33.1],
      ['Sync', 2, 43.8, 45.8],
    ]);
  });
});

describe('axis', () => {
  test('runs from 0 to endT, or to the last event when that is later', () => {
    expect(threeTier.domain).toEqual([0, 65.9]);
    expect(layoutTimeline(fixture('three-tier-sync'), { width: 1280, endT: 120 }).domain).toEqual([0, 120]);
  });

  test('ticks fall on round seconds and read as people say them', () => {
    expect(threeTier.ticks.map((t) => t.label)).toEqual(['0s', '10s', '20s', '30s', '40s', '50s', '1m']);
    expect(threeTier.ticks[0].x).toBe(threeTier.plot.left);
  });

  test('the label column fits the longest label and the plot takes the rest', () => {
    expect(threeTier.plot.left).toBe(270);
    expect(threeTier.plot.right).toBe(1264);
    const narrow = layoutTimeline(fixture('three-tier-sync'), { width: 480 });
    expect(narrow.plot.left).toBe(168);
    // Too narrow for the wave column: it gives way to the labels, which are cut only when they still do not fit.
    expect(rowOf(narrow, 'Job/migrate').detail).toBe('');
    expect(narrow.rows.filter((r) => r.label.endsWith('…'))).toEqual([]);
    const narrower = layoutTimeline(fixture('three-tier-sync'), { width: 400 });
    // Narrower still, a kind gives way to its kubectl short name before the name is cut (rowLabel.ts).
    expect(narrower.rows.map((r) => r.label)).toContain('sts/postgres');
    // One form for the column: `svc/postgres`, though `Service/postgres` would fit, beside `sts/postgres`.
    expect(narrower.rows.filter((r) => r.type === 'object').map((r) => r.label)).toEqual([
      'Job/migrate',
      'cm/app-config',
      'svc/postgres',
      'sts/postgres',
      'svc/backend',
      'deploy/backend',
      'svc/frontend',
      'deploy/frontend',
      'Job/smoke-test',
    ]);
  });

  test('an empty log still lays out an axis and a legend', () => {
    const empty = layoutTimeline([], { width: 1280 });
    expect(empty.rows).toEqual([]);
    expect(empty.domain).toEqual([0, 1]);
    expect(empty.legend.length).toBeGreaterThan(0);
    expect(empty.height).toBeGreaterThan(empty.plot.bottom);
  });
});

test('the same log lays out the same numbers', () => {
  expect(layoutTimeline(fixture('postsync-smoke-test-fails'), { width: 1280 })).toEqual(postSyncFails);
});
