import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argocdCmOverrides } from '../src/cli/commands/argocdCm';
import { beatTimes } from '../src/cursor/beatTimes';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

/**
 * Every scenario in scenarios/ has a punchline (issue 30), and its moment happens in the scenario's own run:
 * a `punchline=1` link and the picker's "Jump to the punchline" must land somewhere, so a new scenario cannot
 * ship without one, and an engine change that removes the event a punchline names fails here.
 */
const dir = new URL('../scenarios/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe.each(files)('scenarios/%s', (file) => {
  it('has a punchline whose at: resolves to a moment within its run, with a one-sentence caption', () => {
    const scenario = parseScenario(readFileSync(new URL(file, dir), 'utf8'), `scenarios/${file}`);
    expect(scenario.punchline, 'a scenario needs punchline: { at, caption }').toBeDefined();
    const { at, caption } = scenario.punchline!;
    const cm = scenario.platform?.argocdCm;
    const run = playScenario(scenario, cm ? { healthOverrides: argocdCmOverrides(cm, scenario.file) } : {});
    const [t] = beatTimes([{ title: '', text: '', at }], run.events, run.endT);
    expect(t, `punchline.at ${JSON.stringify(at)} does not happen in the run`).toBeDefined();
    expect(t!).toBeGreaterThanOrEqual(0);
    expect(t!).toBeLessThanOrEqual(run.endT);
    // A caption that quotes what Argo CD waits for quotes a message in force at that moment (as story beats do,
    // storyWords.test.ts): the last operation message of some Application at or before the punchline.
    const inForce = new Map<string, string>();
    for (const e of run.events)
      if (e.type === 'operation' && e.t <= t! + 1e-6 && e.message !== '') inForce.set(e.app ?? '', e.message);
    for (const [, quote] of caption.matchAll(/waiting for ((?:healthy state|completion of hook) of \S+)/g))
      expect([...inForce.values()].some((m) => m.includes(quote.replace(/[.,;:]$/, '')))).toBe(true);
    // One sentence: a caption under the cursor, not a paragraph.
    expect(caption).toMatch(/^[A-Za-z].*[.]$/s);
    expect(caption.split(/[.!?]\s/).length).toBe(1);
  });
});
