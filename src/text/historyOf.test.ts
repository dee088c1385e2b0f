import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { historyOf } from './historyOf';

function play(id: string) {
  const file = `scenarios/${id}.yaml`;
  const scenario = parseScenario(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file);
  return { scenario, result: playScenario(scenario, { recordHistory: true }) };
}

describe('historyOf (Argo CD records each successful sync in status.history)', () => {
  it('failing-migration: only 6.7.1, synced before t 0; the failed sync of 6.7.0 adds nothing', () => {
    const { scenario, result } = play('failing-migration');
    const names = scenario.revisions.map((r) => r.name);
    const rows = historyOf(undefined, result.events, names, result.endT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 0, revision: '6.7.1' });
    expect(rows[0].deployedAt < '2026-01-01T00:00:00Z').toBe(true);
  });

  it('succeeded-progressing: 6.7.1 before t 0, then 6.7.2 once this sync Succeeded', () => {
    const { scenario, result } = play('succeeded-progressing');
    const names = scenario.revisions.map((r) => r.name);
    const rows = historyOf(undefined, result.events, names, result.endT);
    expect(rows.map((r) => [r.id, r.revision])).toEqual([
      [0, '6.7.1'],
      [1, '6.7.2'],
    ]);
    expect(rows[1].deployedAt).toBe('2026-01-01T00:00:00Z');
  });

  it('reads status.history when the result has one, up to the cursor', () => {
    const history = [
      { id: 0, revision: 'aaa', deployedAt: '2026-01-01T00:00:10Z' },
      { id: 1, revision: 'bbb', deployedAt: '2026-01-01T00:01:00Z' },
    ];
    expect(historyOf(history, [], [], 30).map((r) => r.revision)).toEqual(['aaa']);
    expect(historyOf(history, [], [], 60).map((r) => r.revision)).toEqual(['aaa', 'bbb']);
  });
});
