import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenarios/scenario';
import {
  defaultSettings,
  pageRunOptions,
  playForPageWithLua,
  type PageSettings,
} from '../../scenarios/pageRun';
import { compareRuns, type ComparedRun } from './compareRuns';
import { layoutComparison } from './compareLayout';
import { milestonesOf } from './milestones';

/** A shipped scenario played as the page plays it, with some of its settings changed. */
async function run(id: string, label: string, change: Partial<PageSettings> = {}): Promise<ComparedRun> {
  const scenario = parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
  const played = await playForPageWithLua(
    scenario,
    pageRunOptions(scenario, { ...defaultSettings(scenario), ...change }),
  );
  return { label, events: played.events, endT: played.endT };
}

const runs: Record<string, ComparedRun> = {};
beforeAll(async () => {
  runs.threeTier = await run('three-tier', 'three-tier');
  runs.noDelay = await run('three-tier', 'three-tier~waveDelay=0', { waveDelay: 0 });
  runs.migration = await run('three-tier', 'three-tier~migration', { toggles: ['migration'] });
  runs.without = await run('app-of-apps-without-health', 'app-of-apps-without-health');
  runs.withHealth = await run('app-of-apps', 'app-of-apps');
  runs.progressive = await run('progressive-sync', 'progressive-sync');
  runs.backendFails = await run('progressive-sync', 'progressive-sync~backendFails', {
    toggles: ['backendFails'],
  });
}, 60_000);

describe('milestones of a run, read from its events', () => {
  it('three-tier: each tier is created after the previous one is Healthy, and the hooks complete', () => {
    const m = milestonesOf(runs.threeTier.events);
    const byKey = new Map(m.subjects.map((s) => [s.key, s]));
    const postgres = byKey.get('StatefulSet/postgres')!;
    const backend = byKey.get('Deployment/backend-api')!;
    expect(backend.createdAt!).toBeGreaterThan(postgres.healthyAt!);
    expect(byKey.get('Job/database-migration')?.hook).toBe(true);
    expect(m.end?.phase).toBe('Succeeded');
    expect(m.end?.apps).toBe(1);
  });

  it('a child Application without the health check is Healthy when it reports so itself', () => {
    const m = milestonesOf(runs.without.events);
    const checkout = m.subjects.find((s) => s.key === 'Application/checkout')!;
    // Created by the parent at 5 s, it waits for its project for minutes (InvalidSpecError) before it syncs.
    expect(checkout.createdAt).toBeLessThan(10);
    expect(checkout.healthyAt!).toBeGreaterThan(60);
  });
});

describe('compareRuns: the article choice point ("sync waves, hooks or Progressive Syncs")', () => {
  it('three tiers in waves vs as an ApplicationSet: first divergence at the database, named', () => {
    const c = compareRuns([runs.threeTier, runs.progressive]);
    const postgresInSet = milestonesOf(runs.progressive.events).subjects.find((s) => s.name === 'postgres')!;
    expect(c.divergence?.t).toBeCloseTo(postgresInSet.createdAt!, 3);
    expect(c.divergence?.text).toMatch(
      /^At 5 s: three-tier: not yet \(StatefulSet postgres is created at 23\.1 s\); progressive-sync: StatefulSet postgres is created\.$/,
    );
  });

  it('lists the backend created after the database is Healthy in both, at the times of each run', () => {
    const c = compareRuns([runs.threeTier, runs.progressive]);
    const backend = c.differences.find((d) => d.about === 'Deployment/backend-api')!;
    expect(backend.text).toBe(
      'Deployment backend-api: three-tier: created at 33.1 s, after StatefulSet postgres Healthy at 30.7 s; Healthy at 38.4 s' +
        ' vs progressive-sync: created at 13.1 s, after StatefulSet postgres Healthy at 13.1 s; Healthy at 19.4 s.',
    );
    const end = c.differences.find((d) => d.about === 'end')!;
    expect(end.text).toContain(
      "progressive-sync: the last of 3 Applications' operations Succeeded at 19.4 s",
    );
    // The Application and the hooks only the single-app run has are said once, in a line of their own.
    expect(c.differences.map((d) => d.text)).toContain(
      'Only in three-tier: hook Job database-migration (created 5 s, completed 13.1 s) and hook Job smoke-test (created 48.1 s, completed 51 s).',
    );
  });

  it('app of apps without and with the health check: checkout created at 5 s vs after projects Healthy at 20.7 s', () => {
    const c = compareRuns([runs.without, runs.withHealth]);
    expect(c.divergence?.t).toBe(5);
    expect(c.divergence?.text).toContain(
      'app-of-apps-without-health: Application checkout is created and Application payments is created',
    );
    const checkout = c.differences.find((d) => d.about === 'Application/checkout')!;
    expect(checkout.text).toMatch(
      /app-of-apps-without-health: created at 5 s, .*Healthy at 2m 50\.2 s vs app-of-apps: created at 20\.7 s, after Application projects Healthy at 15\.7 s; Healthy at 30\.7 s\./,
    );
    // The subjects both runs create at the same times are not differences.
    expect(c.differences.some((d) => d.about === 'Application/projects')).toBe(false);
  });

  it('all four on one axis: the axis runs to the longest run, and every run is there', () => {
    const four = [runs.threeTier, runs.without, runs.withHealth, runs.progressive];
    const c = compareRuns(four);
    expect(c.domain).toEqual([0, Math.max(...four.map((r) => r.endT))]);
    expect(c.milestones).toHaveLength(4);
    expect(c.divergence?.t).toBe(5);
  });
});

describe('compareRuns: one knob changed', () => {
  it('a failed migration: the divergence is the migration completing in one run only, and the end differs', () => {
    const c = compareRuns([runs.threeTier, runs.migration]);
    expect(c.divergence?.text).toMatch(
      /^At 13\.1 s: three-tier: hook Job database-migration completes; three-tier~migration: not yet \(hook Job database-migration fails at \d+(\.\d)? s\)\.$/,
    );
    expect(c.differences.at(-1)?.text).toMatch(
      /three-tier~migration: the operation ended at .* Failed: one or more synchronization tasks completed unsuccessfully/,
    );
  });

  it('a Progressive Sync held at a failed backend: parts where the backend would be Healthy, not where an operation ends', () => {
    const c = compareRuns([runs.progressive, runs.backendFails]);
    expect(c.divergence?.text).toMatch(
      /^At 19\.4 s: progressive-sync: Application platform-backend becomes Healthy and Deployment backend-api becomes Healthy; progressive-sync~backendFails: not yet \(Application platform-backend becomes Degraded at 1m 13 s\)\.$/,
    );
    // The frontend's Application never syncs: the end says how many of the Applications ran an operation.
    expect(c.differences.find((d) => d.about === 'end')?.text).toBe(
      "progressive-sync: the last of 3 Applications' operations Succeeded at 19.4 s vs progressive-sync~backendFails: 2 of 3 Applications ran an operation; the last Succeeded at 13.1 s.",
    );
  });

  it('wave delay 2 s vs 0 s in three-tier: no divergence (the controller re-checks a running operation every 5 s)', () => {
    const c = compareRuns([runs.threeTier, runs.noDelay]);
    expect(c.divergence).toBeUndefined();
    expect(c.differences).toEqual([]);
  });
});

describe('layoutComparison: one time axis', () => {
  it('the same virtual time is the same x in every run, whatever the runs labels', () => {
    const c = compareRuns([runs.threeTier, runs.without, runs.progressive]);
    for (const width of [1000, 370]) {
      const layout = layoutComparison(c, { width });
      expect(layout.blocks).toHaveLength(3);
      const bar = (block: number, key: string) =>
        layout.blocks[block].rows.find((r) => r.key === key)!.bars[0];
      // postgres is created at 23.1 s in three-tier: its bar starts where the axis puts 23.1 s.
      expect(bar(0, 'StatefulSet/postgres').x0).toBeCloseTo(layout.x(23.133), 6);
      expect(layout.x(0)).toBe(layout.plot.left);
      expect(layout.x(c.domain[1])).toBe(layout.plot.right);
      expect(layout.divergenceX).toBeCloseTo(layout.x(c.divergence!.t), 6);
      expect(layout.plot.right).toBeLessThanOrEqual(width);
    }
  });
});
