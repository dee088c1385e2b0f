import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { platformRunSettings } from '../../scenarios/platformToggles';
import { parseScenario } from '../../scenarios/scenario';
import { rolloutBeat } from './rolloutBeat';

const file = 'scenarios/environments-promotion.yaml';
const scenario = parseScenario(readFileSync(file, 'utf8'), file);

describe('the predict question of a RollingSync run (environments-promotion)', () => {
  it('asks before staging settles whether prod is synced next: No, while staging fails', () => {
    const run = playScenario(scenario);
    const beat = rolloutBeat(run.events)!;
    expect(beat.question).toBe(
      'shop-staging (step 2) is about to settle. Will the ApplicationSet go on to sync shop-prod (step 3)?',
    );
    expect(beat.choices[beat.answer]).toBe('No: shop-prod stays Waiting');
    expect(beat.t).toBeLessThan(beat.moment);
    expect(beat.moment).toBe(75);
  });

  it('Yes once the fix-staging switch is on', () => {
    const run = playScenario(scenario, platformRunSettings(scenario, ['fixStaging']));
    const beat = rolloutBeat(run.events)!;
    expect(beat.choices[beat.answer]).toBe('Yes: shop-prod is synced next');
  });
});
