import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { logsAt } from './logsAt';

const file = 'scenarios/failing-migration.yaml';
const result = playScenario(
  parseScenario(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file),
);
const migration = { kind: 'Job', namespace: 'checkout-dev', name: 'checkout-migrate' };

describe('logsAt', () => {
  it("shows the failed migration's whole log once it has ended, each line with the time it was written", () => {
    const [log] = logsAt(result, migration, result.endT);
    expect(log.lines.map((l) => l.line)).toEqual([
      'migrating schema for checkout 6.7.0',
      'ERROR: relation "orders" already exists',
    ]);
    // The script sleeps 3 s between its two lines.
    expect(log.lines[1].t - log.lines[0].t).toBeCloseTo(3, 3);
  });

  it('shows only what was written by the cursor, and no pod before the Job made one', () => {
    const [log] = logsAt(result, migration, result.endT);
    const between = (log.lines[0].t + log.lines[1].t) / 2;
    expect(logsAt(result, migration, between)[0].lines.map((l) => l.line)).toEqual([
      'migrating schema for checkout 6.7.0',
    ]);
    expect(logsAt(result, migration, -1)).toEqual([]);
  });

  it('reads one pod by name', () => {
    const [job] = logsAt(result, migration, result.endT);
    const [pod] = logsAt(result, { kind: 'Pod', namespace: 'checkout-dev', name: job.pod }, result.endT);
    expect(pod).toEqual(job);
  });
});

describe('logsAt after HookSucceeded', () => {
  it('has no log for a hook whose Job was deleted, as kubectl has none to show', () => {
    const threeTier = 'scenarios/three-tier.yaml';
    const run = playScenario(
      parseScenario(readFileSync(new URL(`../../${threeTier}`, import.meta.url), 'utf8'), threeTier),
    );
    const smoke = { kind: 'Job', namespace: 'three-tier', name: 'smoke-test' };
    const ran = run.events.find(
      (e) => e.type === 'pod' && e.ownerName === 'smoke-test' && e.state === 'Completed',
    );
    expect(ran).toBeDefined();
    expect(logsAt(run, smoke, ran!.t)[0].lines.map((l) => l.line)).toContain('smoke test passed');
    expect(logsAt(run, smoke, run.endT)).toEqual([]);
  });
});
