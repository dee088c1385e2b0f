import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { knobNote } from './knobNote';

const threeTier = parseScenario(
  readFileSync('scenarios/three-tier.yaml', 'utf8'),
  'scenarios/three-tier.yaml',
);
const run = (waveDelaySeconds: number) =>
  playScenario(threeTier, { waveDelaySeconds, recordHistory: true }).events;

describe('knobNote: why nothing changed', () => {
  const two = run(2);

  it('three-tier, wave delay 2 s to 0 s: the same run, and the note says why (the 5 s requeue, §2.1)', () => {
    const note = knobNote({ kind: 'wave-delay', from: 2, to: 0 }, two, run(0));
    expect(note).toMatch(/^Nothing changed with a wave delay of 0 s instead of 2 s: /);
    expect(note).toMatch(/5 s after a resource changes \(appOperationRequeueDelay\)/);
  });

  it('a delay longer than the requeue changes the run: no note', () => {
    expect(knobNote({ kind: 'wave-delay', from: 2, to: 10 }, two, run(10))).toBeUndefined();
  });
});
