import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { momentTimes } from '../../cursor/stepTargets';
import { namedStopCaption, stopCaption } from './stopCaption';

describe('stopCaption: every PageDown stop of three-tier says what happens there', () => {
  const scenario = parseScenario(
    readFileSync('scenarios/three-tier.yaml', 'utf8'),
    'scenarios/three-tier.yaml',
  );
  const { events, endT } = playScenario(scenario, { recordHistory: true });

  it('a caption at each stop with an event, in Argo CD words', () => {
    const stops = momentTimes(events, endT).filter((t) => events.some((e) => e.t === t));
    const captions = stops.map((t) => stopCaption(events, t));
    expect(captions.every((c) => c !== undefined && c.length > 0)).toBe(true);
    expect(captions).toContain('Sync wave -1 begins.');
    expect(captions.at(-1)).toMatch(/^The operation ends Succeeded: successfully synced/);
  });

  it('nothing to say where nothing happens', () => {
    expect(stopCaption(events, 0.0123)).toBeUndefined();
  });
});

describe('namedStopCaption: in a run of several Applications the caption names the one it tells of (issue 32)', () => {
  const scenario = parseScenario(
    readFileSync('scenarios/app-of-apps.yaml', 'utf8'),
    'scenarios/app-of-apps.yaml',
  );
  const { events } = playScenario(scenario, { recordHistory: true });

  it("at the end of projects' operation, the caption begins with projects, not the parent the cards show", () => {
    const end = events.find((e) => e.type === 'operation' && e.app === 'projects' && e.phase === 'Succeeded');
    expect(end).toBeDefined();
    expect(namedStopCaption(events, end!.t)).toMatch(/^projects: The operation ends Succeeded/);
    expect(stopCaption(events, end!.t)).toMatch(/^The operation ends Succeeded/);
  });
});
