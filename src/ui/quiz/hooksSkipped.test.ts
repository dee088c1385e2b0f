import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { predictBeats } from '../predict/predictBeats';
import { runFacts } from '../../cursor/runFacts';
import { questions } from './questions';

const file = 'scenarios/hooks-skipped.yaml';
const result = playScenario(
  parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file),
);
const migrations = (events: readonly SimEvent[]) =>
  events.filter((e) => e.type === 'apply' && e.hook && e.name === 'checkout-migrate').map((e) => e.t);

/**
 * scenarios/hooks-skipped.yaml, "my migration did not run" (issue 30): a self-heal and a selective sync run no hook
 * (controller/sync.go L386; test/e2e/selective_sync_test.go TestSelectiveSyncDoesNotRunHooks); the full sync does.
 */
describe('hooks-skipped: the run answers its quiz question', () => {
  it('the migration runs at the first sync and at the full sync only: not at the self-heal (60 s) nor the --resource sync (110 s)', () => {
    expect(result.events.filter((e) => e.type === 'app-operation').map((e) => e.t)).toEqual([
      0, 60, 110, 170,
    ]);
    expect(migrations(result.events)).toEqual([5, 175]);
  });

  it('at the quiz link the Deployment runs 6.7.2, the operation Succeeded, the app is OutOfSync, history has one entry', () => {
    const q = questions.find((x) => x.id === 'selective-sync-hooks')!;
    expect(q.link).toMatchObject({ scenario: 'hooks-skipped', t: 115 });
    const app = [...result.events].reverse().find((e) => e.type === 'app' && e.t <= q.link!.t);
    expect(app).toMatchObject({ sync: 'OutOfSync' });
    const op = [...result.events].reverse().find((e) => e.type === 'operation' && e.t <= q.link!.t);
    expect(op).toMatchObject({ phase: 'Succeeded' });
    const deploy = result.events.filter((e) => e.type === 'apply' && e.kind === 'Deployment' && e.t === 110);
    expect(deploy).toHaveLength(1);
    expect(result.application.status.history).toHaveLength(2);
  });

  it('predict mode has questions for this run', () => {
    expect(predictBeats(result.events, runFacts(result.events)).length).toBeGreaterThan(0);
  });
});
