import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine/events';
import { applicationsOf } from './applicationsOf';
import { appSetRolloutsOf } from './appSetSteps';
import { explainPlatform } from './explainPlatform';
import { parentWavesOf } from './parentWaves';

// The page's platform state on the real runs: the golden logs of the scenarios (test/output, recorded by the
// controller and appset work), argocd-semantics.md §5.1 and §5.2.
const golden = (name: string): SimEvent[] =>
  readFileSync(`test/output/${name}.events.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SimEvent);

describe('platform state on the scenarios', () => {
  it('app-of-apps: wave 0 is applied only once the wave -1 children are Healthy', () => {
    const events = golden('app-of-apps');
    const wave0 = parentWavesOf(events, 100).find((w) => w.wave === 0)!;
    const created = Object.fromEntries(applicationsOf(events).map((a) => [a.name, a.createdAt]));
    expect(created.checkout).toBe(wave0.t0);
    expect(wave0.t0).toBeGreaterThan(5);
    expect(explainPlatform(events, 8, 100).headline).toMatch(
      /^platform waits for Application projects, which waits for/,
    );
  });

  it('app-of-apps-without-health: wave 0 right after apply, and the page says why', () => {
    const events = golden('app-of-apps-without-health');
    const wave0 = parentWavesOf(events, 200).find((w) => w.wave === 0)!;
    expect(wave0.t0).toBeLessThanOrEqual(5);
    const [note] = explainPlatform(events, 8, 200).waves;
    expect(note).toMatch(/^platform's waves do not wait for its child Applications: without a health check/);
  });

  it('progressive-sync: three steps in order; backend-fails: step 3 never starts', () => {
    const [set] = appSetRolloutsOf(golden('progressive-sync'));
    expect(set.steps.map((s) => s.step)).toEqual(['1', '2', '3']);
    for (const [a, b] of [
      [0, 1],
      [1, 2],
    ])
      expect(set.steps[b].started).toBe(set.steps[a].done);
    const [failing] = appSetRolloutsOf(golden('progressive-sync-backend-fails'));
    expect(failing.steps.find((s) => s.step === '3')?.started).toBeUndefined();
  });
});
