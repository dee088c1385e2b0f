import { describe, expect, test } from 'vitest';
import { eventFixture } from '../../test/kits/eventFixture.testKit';
import { aggregateSegments, autoCollapseRows, countsAt, groupSpan } from './groups';
import { layoutTimeline } from './layout';
import type { GroupMember, GroupRow, TimelineLayout } from './types';

const fixture = eventFixture;

const many = fixture('golden:many-resources');
const groupsOf = (layout: TimelineLayout) => layout.rows.filter((r): r is GroupRow => r.type === 'group');
const member = (segments: GroupMember['segments'], applied: number | null = 1): GroupMember => ({
  key: `k${Math.random()}`,
  ref: { group: '', kind: 'Deployment', namespace: 'default', name: 'x' },
  hook: false,
  applied,
  segments,
});

describe('grouping by phase and wave', () => {
  test('many-resources (200 resources in ten waves) collapses by itself to one row per wave', () => {
    const layout = layoutTimeline(many, { width: 1280 });
    expect(
      layout.rows.map((r) => (r.type === 'group' ? `${r.phase}/${r.wave}:${r.members.length}` : r.label)),
    ).toEqual([
      'PreSync',
      'PreSync/0:2',
      'Sync',
      'Sync/0:8',
      'Sync/1:16',
      'Sync/2:25',
      'Sync/3:24',
      'Sync/4:24',
      'Sync/5:20',
      'Sync/6:20',
      'Sync/7:20',
      'Sync/8:20',
      'Sync/9:21',
      'PostSync',
      'Job/smoke-test',
    ]);
    // Every object of the log is in exactly one group or row.
    const members = groupsOf(layout).reduce((n, g) => n + g.members.length, 0);
    expect(members + 1).toBe(
      new Set(many.filter((e) => e.type === 'apply').map((e) => `${e.kind}/${e.name}`)).size,
    );
    // Fits one 1280×720 screen with room to spare: 15 rows.
    expect(layout.height).toBeLessThanOrEqual(720);
  });

  test('small timelines are left ungrouped; more than autoCollapseRows rows are grouped', () => {
    const threeTier = layoutTimeline(fixture('three-tier-sync'), { width: 1280 });
    expect(threeTier.rows.length).toBeLessThanOrEqual(autoCollapseRows);
    expect(groupsOf(threeTier)).toEqual([]);
    // Asked to, a small timeline groups its waves of two or more rows (a single row stays as it is).
    const grouped = layoutTimeline(fixture('three-tier-sync'), { width: 1280, grouping: { grouped: true } });
    expect(groupsOf(grouped).map((g) => g.label)).toEqual(['▸ wave 0 · 2', '▸ wave 1 · 2', '▸ wave 2 · 2']);
    // A step of one row (the ConfigMap of wave -1, the hooks) stays a plain row.
    expect(grouped.rows.find((r) => r.label === 'Job/migrate')?.type).toBe('object');
    expect(grouped.rows.find((r) => r.label === 'ConfigMap/app-config')?.type).toBe('object');
  });

  test('an opened group heads its rows, which get their bars back; the others stay collapsed', () => {
    const open = layoutTimeline(many, { width: 1280, grouping: { expanded: new Set(['group:Sync:3']) } });
    const i = open.rows.findIndex((r) => r.key === 'group:Sync:3');
    const group = open.rows[i] as GroupRow;
    expect(group.collapsed).toBe(false);
    expect(group.label).toBe('▾ wave 3 · 24 resources');
    expect(open.rows.slice(i + 1, i + 25).every((r) => r.type === 'object' && r.wave === 3)).toBe(true);
    expect(open.rows[i + 25].key).toBe('group:Sync:4');
    // Bars are drawn for the opened rows, and an opened group has no bar of its own.
    expect(open.segments.some((s) => s.rowKey === open.rows[i + 1].key)).toBe(true);
    expect(open.segments.some((s) => s.rowKey === 'group:Sync:3')).toBe(false);
    expect(open.segments.some((s) => s.rowKey === 'group:Sync:4')).toBe(true);
    // Ungrouped on request: every row again (201 objects under 3 phase headings).
    expect(layoutTimeline(many, { width: 1280, grouping: { grouped: false } }).rows.length).toBe(204);
  });

  test("a collapsed group's span runs from its first apply to its last member's Healthy", () => {
    const layout = layoutTimeline(many, { width: 1280 });
    const wave1 = groupsOf(layout).find((g) => g.key === 'group:Sync:1')!;
    const applies = many.filter((e) => e.type === 'apply' && e.phase === 'Sync' && e.wave === 1);
    expect(wave1.span!.t0).toBe(Math.min(...applies.map((e) => e.t)));
    // The wave is done when its last resource is Healthy: wave 2 starts after it and the 2 s wave delay.
    const wave2Step = many.find((e) => e.type === 'step' && e.phase === 'Sync' && e.wave === 2)!;
    expect(wave1.span!.t1).toBeCloseTo(wave2Step.t - 2 - 2.95, 0);
    expect(wave1.span!.t1!).toBeLessThanOrEqual(wave2Step.t - 2);
  });

  test('counts by health at the cursor follow the members', () => {
    const layout = layoutTimeline(many, { width: 1280 });
    const wave3 = groupsOf(layout).find((g) => g.key === 'group:Sync:3')!;
    expect(countsAt(wave3.members, 1)).toEqual([{ status: 'Missing', count: 24 }]);
    const during = countsAt(wave3.members, wave3.span!.t0 + 0.5);
    expect(during.reduce((n, c) => n + c.count, 0)).toBe(24);
    expect(during.some((c) => c.status === 'Progressing')).toBe(true);
    const after = countsAt(wave3.members, wave3.span!.t1! + 0.01);
    // Six services: their Services and Deployments are Healthy; ServiceAccounts and ConfigMaps have no health.
    expect(after.find((c) => c.status === 'Healthy')?.count).toBe(12);
    expect(after.find((c) => c.status === 'none')?.count).toBe(12);
  });
});

describe('aggregate health and span (argocd-semantics.md §1.8)', () => {
  test('the worst health of the members at each moment; no health check counts only alone', () => {
    const a = member([
      { status: 'Missing', t0: 0, t1: 1 },
      { status: 'Progressing', t0: 1, t1: 4 },
      { status: 'Healthy', t0: 4, t1: 10 },
    ]);
    const b = member([
      { status: 'Missing', t0: 0, t1: 1 },
      { status: 'none', t0: 1, t1: 10 },
    ]);
    const c = member([{ status: 'Degraded', t0: 6, t1: 8 }], 6);
    expect(aggregateSegments([a, b, c]).map((s) => [s.status, s.t0, s.t1])).toEqual([
      ['Missing', 0, 1],
      ['Progressing', 1, 4],
      ['Healthy', 4, 6],
      ['Degraded', 6, 8],
      ['Healthy', 8, 10],
    ]);
    expect(aggregateSegments([b]).map((s) => s.status)).toEqual(['Missing', 'none']);
  });

  test('the span stays open while a member was never Healthy, and is absent when nothing was applied', () => {
    const healthy = member([{ status: 'Healthy', t0: 3, t1: 10 }], 1);
    const stuck = member([{ status: 'Progressing', t0: 2, t1: 10 }], 2);
    const configMap = member([{ status: 'none', t0: 5, t1: 10 }], 5);
    expect(groupSpan([healthy, configMap])).toEqual({ t0: 1, t1: 5 });
    expect(groupSpan([healthy, stuck])).toEqual({ t0: 1, t1: null });
    expect(groupSpan([member([{ status: 'Missing', t0: 0, t1: 10 }], null)])).toBeNull();
  });
});

describe("a phone's narrow label column (maxLabelWidth)", () => {
  test('a group row says its wave and count, not "▸ w…", and leaves its counts to the hover card', () => {
    const phone = layoutTimeline(many, { width: 368, maxLabelWidth: 150 });
    expect(phone.groupCounts).toBe(false);
    expect(groupsOf(phone).find((g) => g.key === 'group:Sync:3')?.label).toBe('▸ wave 3 · 24');
    const laptop = layoutTimeline(many, { width: 1280 });
    expect(laptop.groupCounts).toBe(true);
    expect(groupsOf(laptop).find((g) => g.key === 'group:Sync:3')?.label).toBe('▸ wave 3 · 24 resources');
  });
});
