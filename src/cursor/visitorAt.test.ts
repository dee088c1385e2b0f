import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../engine';
import { toggleAnnotationsOf } from '../scenarios/pageSettings';
import { playScenario } from '../scenarios/play';
import { parseScenario } from '../scenarios/scenario';
import { frameAt } from './frameAt';
import { stackLayout } from './stackLayout';
import { tierHintsOf } from './tierHintsOf';
import { maintenanceHooksOf, visitorAt, visitorModelOf, type VisitorSees } from './visitorAt';

const file = 'scenarios/maintenance-page.yaml';
const scenario = parseScenario(readFileSync(file, 'utf8'), file);
const synced = scenario.revisions.at(-1)!.objects.map((p) => p.object);

/** What a visitor sees at each time of a run of the scenario, and when the Sync phase's waves start. */
function play(toggles: string[] = []) {
  const { events } = playScenario(scenario, {
    ...toggleAnnotationsOf(scenario, toggles),
    recordHistory: true,
  });
  const objects = scenario.revisions.flatMap((r) => r.objects.map((p) => p.object));
  const model = visitorModelOf(events, stackLayout(events, tierHintsOf(objects)), synced)!;
  const waveStart = (wave: number) =>
    events.find(
      (e): e is Extract<SimEvent, { type: 'step' }> => e.type === 'step' && e.t >= 0 && e.wave === wave,
    )!.t;
  const seen = (t: number) => visitorAt(model, frameAt(events, t));
  // Every distinct view in time order, from a second before the sync to its end.
  const story: VisitorSees[] = [];
  for (let t = -1; t <= events.at(-1)!.t; t += 0.5) {
    const sees = seen(t).sees;
    if (story.at(-1) !== sees) story.push(sees);
  }
  return { seen, waveStart, story, model };
}

describe('visitorAt: what a visitor sees around maintenance hooks in Sync waves 1 and 3 (sync_tasks.go order)', () => {
  it('sees the old site, the maintenance page for the whole wave 2 rollout, then the new site', () => {
    const { seen, waveStart, story } = play();
    expect(seen(0)).toEqual({ sees: 'old', text: 'The old frontend, 6.7.0.' });
    expect(seen(waveStart(2) + 1).sees).toBe('maintenance');
    expect(seen(waveStart(3) - 0.5).sees).toBe('maintenance');
    expect(story).toEqual(['old', 'maintenance', 'new']);
    expect(seen(1e6)).toEqual({ sees: 'new', text: 'The new frontend, 6.7.1.' });
  });

  it('the page goes up when the wave 1 Job completes, before wave 2 starts', () => {
    const { waveStart, model } = play();
    expect(model.switches.map((s) => [s.hook, s.to])).toEqual([
      ['maintenance-up', 'up'],
      ['maintenance-down', 'down'],
    ]);
    expect(model.switches[0].t).toBeGreaterThan(waveStart(1));
    expect(model.switches[0].t).toBeLessThanOrEqual(waveStart(2));
    expect(model.switches[1].t).toBeGreaterThan(waveStart(3));
  });

  it('with the down hook in wave 2, the page comes down mid-rollout and visitors see it', () => {
    const { story } = play(['downInWave2']);
    expect(story[0]).toBe('old');
    expect(story.at(-1)).toBe('new');
    expect(story.some((s) => s === 'mixed' || s === 'old')).toBe(true);
    expect(story.indexOf('maintenance')).toBe(1);
    expect(story.length).toBeGreaterThan(3);
  });

  it('says a maintenance annotation that is neither up nor down, rather than ignoring it', () => {
    const bad = synced.map((o) =>
      o.metadata.name === 'maintenance-up'
        ? { ...o, metadata: { ...o.metadata, annotations: { 'sandbox.argocd.dev/maintenance-page': 'on' } } }
        : o,
    );
    expect(maintenanceHooksOf(bad).problem).toBe(
      'Job/maintenance-up: sandbox.argocd.dev/maintenance-page must be up or down, not "on"',
    );
  });

  it('has no visitor model for a scenario without maintenance hooks', () => {
    const other = parseScenario(readFileSync('scenarios/three-tier.yaml', 'utf8'), 'three-tier.yaml');
    const objects = other.revisions.at(-1)!.objects.map((p) => p.object);
    expect(visitorModelOf([], [], objects)).toBeUndefined();
  });
});

describe('the maintenance-page quiz link (src/ui/quiz/questions.ts) shows its answer', () => {
  it('at 15 s old and new frontend pods both serve, and a visitor sees the maintenance page', async () => {
    const { questions } = await import('../ui/quiz/questions');
    const q = questions.find((x) => x.id === 'maintenance-page')!;
    expect(q.choices[q.answer]).toMatch(/^The maintenance page/);
    const { events } = playScenario(scenario, { recordHistory: true });
    const frame = frameAt(events, q.link!.t);
    const ready = frame.pods.filter((p) => p.ownerName === 'web' && p.ready && p.state !== 'Terminating');
    expect(new Set(ready.map((p) => p.image.split(':')[1]))).toEqual(new Set(['6.7.0', '6.7.1']));
    expect(play().seen(q.link!.t).sees).toBe('maintenance');
  });
});
