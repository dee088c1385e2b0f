import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { predictBeats } from '../predict/predictBeats';
import { calloutFor } from '../../cursor/calloutFor';
import { explainWaiting, syncFailHooksOf } from '../../cursor/explainWaiting';
import { frameAt } from '../../cursor/frameAt';
import { runFacts } from '../../cursor/runFacts';
import { runSummary } from './runSummary';
import { storyOf } from './storyOf';

/**
 * Every scenario with every combination of its failure toggles: each text the page computes states
 * the run's real outcome — the operation's final phase, the app's final sync status and health, the task that
 * failed — and never says "the previous version keeps running" when nothing ran before t 0 (argocd-semantics
 * §2.18, §6.10), nor that a failed sync succeeded (§6.1).
 */
const dir = new URL('../../../scenarios/', import.meta.url);
const runs = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((file) => {
    const scenario = parseScenario(readFileSync(new URL(file, dir), 'utf8'), `scenarios/${file}`);
    // These texts explain one Application's operation; a platform scenario is explained per Application by
    // src/ui/platform (its own tests), and predict mode is offered for single-Application scenarios only.
    if (scenario.platform) return [];
    let combos: string[][] = [[]];
    for (const toggle of scenario.toggles) combos = [...combos, ...combos.map((c) => [...c, toggle.id])];
    return combos.map((on) => ({ scenario, on }));
  });

type Op = Extract<SimEvent, { type: 'operation' }>;
type App = Extract<SimEvent, { type: 'app' }>;

describe.each(runs.map((r) => [`${r.scenario.id} [${r.on.join(', ') || 'no toggle'}]`, r] as const))(
  '%s',
  (_name, { scenario, on }) => {
    const fail = scenario.toggles.filter((t) => on.includes(t.id)).map((t) => t.fail);
    const result = playScenario(scenario, { fail, recordHistory: true });
    const events = result.events;
    const facts = runFacts(events, result.endT);
    const op = events.filter((e): e is Op => e.type === 'operation' && e.t >= 0).at(-1)!;
    const app = events.filter((e): e is App => e.type === 'app').at(-1)!;
    const ended = op.phase !== 'Running';
    const end = frameAt(events, result.endT);

    it('the summary states the final phase, sync status, health and the failed task', () => {
      const text = runSummary(facts);
      expect(text).toContain(ended ? `ended ${op.phase}` : `still ${op.phase}`);
      expect(text).toContain(`the app is ${app.sync} and ${app.health}`);
      if (facts.failure) expect(text).toContain(`${facts.failure.kind}/${facts.failure.name}`);
      if (op.phase === 'Failed') expect(text).not.toMatch(/\bSucceeded\b/);
      if (!facts.previous) expect(text).not.toMatch(/previous version/);
    });

    it('the story ends on the real outcome, in time order, and tells no success of a failed sync', () => {
      const beats = storyOf(facts);
      const all = beats.map((b) => b.text).join(' ');
      expect(all).toContain(ended ? `ended ${op.phase}` : `still ${op.phase}`);
      expect(all).toContain(`the app is ${app.sync} and ${app.health}`);
      if (op.phase === 'Failed') expect(all).not.toMatch(/Succeed/);
      const times = beats.map((b) => b.at ?? 0);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('the call-out and "Why did it end?" claim an old version only when one ran before t 0', () => {
      const callout = calloutFor(end, { previous: facts.previous });
      const why = explainWaiting(end, syncFailHooksOf(events), { previous: facts.previous });
      const said = `${callout?.text ?? ''} ${why.headline} ${why.detail}`;
      if (facts.previous) return;
      expect(said).not.toMatch(/previous version/);
      if (op.phase === 'Failed' && app.health === 'Missing')
        expect(callout?.title).toBe('Sync Failed, app Missing');
    });

    it('predict mode: 2–4 answers, the right one computed from the run, asked before it shows', () => {
      const beats = predictBeats(events, facts);
      expect(beats.length).toBeGreaterThanOrEqual(1);
      for (const beat of beats) {
        expect(beat.choices.length).toBeGreaterThanOrEqual(2);
        expect(beat.choices.length).toBeLessThanOrEqual(4);
        expect(beat.answer).toBeGreaterThanOrEqual(0);
        expect(beat.t).toBeLessThanOrEqual(beat.moment + 1e-9);
      }
      const endBeat = beats.find((b) => b.id === 'end');
      // Asked whenever a moment before the end exists; an operation ending at t 0 shows its end at once.
      expect(endBeat === undefined).toBe(ended && op.t === 0);
      if (endBeat) {
        expect(endBeat.choices[endBeat.answer]).toBe(ended ? op.phase : 'It stays Running');
        // At the moment it is asked, the page still shows the operation Running.
        if (ended) expect(frameAt(events, endBeat.t).operation?.phase).toBe('Running');
        const sync = beats.find((b) => b.id === 'sync')!;
        expect(sync.choices[sync.answer]).toBe(app.sync);
      }
      const health = beats.find((b) => b.id === 'health')!;
      expect(health.choices[health.answer]).toBe(app.health);
      for (const phase of beats.filter((b) => b.id.startsWith('phase-'))) {
        const next = phase.choices[phase.answer];
        expect(frameAt(events, phase.t).step?.t ?? 0).toBeLessThan(phase.moment);
        expect(next).toBe(phase.id.split('-')[1]);
      }
    });
  },
);
