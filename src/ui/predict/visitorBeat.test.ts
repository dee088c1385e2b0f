import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toggleAnnotationsOf } from '../../scenarios/pageSettings';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { stackLayout } from '../../cursor/stackLayout';
import { tierHintsOf } from '../../cursor/tierHintsOf';
import { visitorModelOf } from '../../cursor/visitorAt';
import { visitorBeat } from './visitorBeat';

const file = 'scenarios/maintenance-page.yaml';
const scenario = parseScenario(readFileSync(file, 'utf8'), file);

function beatOf(toggles: string[]) {
  const { events } = playScenario(scenario, {
    ...toggleAnnotationsOf(scenario, toggles),
    recordHistory: true,
  });
  const objects = scenario.revisions.flatMap((r) => r.objects.map((p) => p.object));
  const synced = scenario.revisions.at(-1)!.objects.map((p) => p.object);
  return visitorBeat(events, visitorModelOf(events, stackLayout(events, tierHintsOf(objects)), synced));
}

describe('the predict question of maintenance-page: what a visitor sees while wave 2 rolls the frontend', () => {
  it('is asked before wave 2, and the run answers: the maintenance page', () => {
    const beat = beatOf([])!;
    expect(beat.question).toBe(
      'Sync wave 2 rolls out the frontend (Deployment web). What does a visitor see while its pods are replaced?',
    );
    expect(beat.choices[beat.answer]).toBe('The maintenance page');
    expect(beat.t).toBeLessThan(beat.moment);
  });

  it('with the down hook in wave 2 beside the Deployment, the run answers otherwise', () => {
    const beat = beatOf(['downInWave2'])!;
    expect(beat.choices[beat.answer]).not.toBe('The maintenance page');
  });
});
