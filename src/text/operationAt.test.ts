import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appGetText } from './appGetText';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { frameAt } from '../cursor/frameAt';
import { operationAt, operationClockAt } from './operationAt';

/**
 * The page's result table and the CLI's `argocd app get --show-operation` text (argocd-semantics §5.6) print the
 * same operation block and the same rows at the end of a run: both come from src/text.
 */
function play(id: string, fail: string[] = []) {
  const file = `scenarios/${id}.yaml`;
  const scenario = parseScenario(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file);
  return playScenario(scenario, { fail, recordHistory: true });
}

describe('operationAt agrees with appGetText', () => {
  for (const [id, fail] of [
    ['failing-migration', []],
    ['three-tier', []],
    ['three-tier', ['job/smoke-test']],
  ] as const)
    it(`${id} ${fail.join(' ')}: the same block and rows at the end`, () => {
      const result = play(id, [...fail]);
      const app = result.application;
      const view = operationAt(result.events, frameAt(result.events, result.endT), app.status.sync.revision);
      const text = appGetText(app);
      for (const [label, value] of view.fields)
        expect(text).toContain(`${`${label}:`.padEnd(20)}${value}`.trimEnd());
      const cliRows = text
        .slice(text.indexOf('GROUP'))
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(/\s{2,}/).filter((c) => c !== ''));
      const pageRows = view.rows.map((r) =>
        [r.group, r.kind, r.namespace, r.name, r.status, r.health, r.hook, r.message].filter((c) => c !== ''),
      );
      expect(pageRows).toEqual(cliRows);
    });

  it('failing-migration: the hook row reads as the CLI prints it (STATUS = hookPhase, HEALTH = result)', () => {
    const result = play('failing-migration');
    const view = operationAt(result.events, frameAt(result.events, result.endT), 'x');
    expect(view.rows.find((r) => r.name === 'checkout-migrate')).toMatchObject({
      status: 'Failed',
      health: 'Synced',
      hook: 'PreSync',
    });
    // The Deployment was never touched by the sync: it is listed after the operation's rows, OutOfSync; then
    // the smoke-test hook an earlier sync left live, a row of status.resources with no sync status or health
    // (controller/state.go L1040), printed with empty cells as cmd/argocd/commands/app.go getResourceStates does.
    expect(view.rows.slice(-2)).toMatchObject([
      { kind: 'Deployment', status: 'OutOfSync', message: '' },
      { kind: 'Job', name: 'checkout-smoke-test', status: '', health: '', hook: '', message: '' },
    ]);
    expect(Object.fromEntries(view.fields)).toMatchObject({ Phase: 'Failed', Duration: '15s' });
  });
});

describe('operationAt on a control-plane run of several operations (revert)', () => {
  it('Start and Finished are those of the operation at the cursor, not of the first one', () => {
    const events = readFileSync(new URL('../../test/output/revert.events.jsonl', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const failed = events.find(
      (e: { type: string; phase?: string }) => e.type === 'operation' && e.phase === 'Failed',
    );
    const view = operationAt(events, frameAt(events, failed.t), 'sha');
    const field = (k: string) => view.fields.find(([name]) => name === k)?.[1];
    expect(field('Phase')).toBe('Failed');
    expect(field('Start')).toBe('2026-01-01 00:01:01 +0000 UTC');
    expect(field('Finished')).toBe(
      `2026-01-01 00:01:${String(Math.floor(failed.t) - 60).padStart(2, '0')} +0000 UTC`,
    );
  });
});

describe('the last-sync card says how long the operation at the cursor took, as the CLI does', () => {
  it('revert: the third operation took 35 s (Duration: 35s), not 156.0 s since t 0', () => {
    const result = play('revert');
    const { events } = result;
    const frame = frameAt(events, result.endT);
    const view = operationAt(events, frame, 'sha');
    expect(Object.fromEntries(view.fields)).toMatchObject({ Phase: 'Succeeded', Duration: '35s' });
    expect(view.seconds).toBe(35);
    expect(operationClockAt(events, frame).seconds).toBe(35);
    // While it runs, the seconds since its own start.
    expect(operationClockAt(events, frameAt(events, 131)).seconds).toBe(10);
  });
});

describe('operationClockAt, the last-sync card read on every frame', () => {
  // Every event time of a single-operation run and of a run of several operations (revert), and between them.
  for (const id of ['failing-migration', 'revert', 'auto-sync-refuses-retry'])
    it(`${id}: the same start and seconds as operationAt at every moment`, () => {
      const events = readFileSync(new URL(`../../test/output/${id}.events.jsonl`, import.meta.url), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const times = [...new Set(events.map((e: { t: number }) => e.t))].flatMap((t) => [t, t + 0.05]);
      for (const t of times) {
        const frame = frameAt(events, t);
        const view = operationAt(events, frame, 'sha');
        const clock = operationClockAt(events, frame);
        expect(clock.started, `t ${t}`).toBe(view.fields.find(([k]) => k === 'Start')?.[1]);
        expect(clock.seconds, `t ${t}`).toBe(frame.operation ? view.seconds : undefined);
      }
    });
});
