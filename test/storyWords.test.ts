import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../src/engine';
import { parseScenario } from '../src/scenarios/scenario';
import { defaultSettings, pageRunOptions, playForPageWithLua } from '../src/scenarios/pageRun';
import { beatTimes } from '../src/cursor/beatTimes';

/**
 * A story beat that quotes what Argo CD is waiting for must quote what the run says in the beat's time (
 * app-of-apps' "Wave -1 waits" beat said the root waits for "…/Application/namespaces" where the run, "Why is it
 * waiting?" and the CLI say projects: namespaces is Healthy at once, projects only after its PreSync hook).
 */
const ids = readdirSync('scenarios')
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

describe('story beats quote the operation messages of their own moment', () => {
  it.each(ids)('%s', async (id) => {
    const scenario = parseScenario(readFileSync(`scenarios/${id}.yaml`, 'utf8'), `scenarios/${id}.yaml`);
    const story = scenario.story ?? [];
    // What a beat says Argo CD waits for: "waiting for …" or a quoted "healthy state of …"/"completion of hook …".
    const quoted = story.map((beat) =>
      [
        ...beat.text.matchAll(
          /(?:waiting for |")((?:healthy state|completion of hook) of [^"\s]+(?: and \d+ more resources)?)/g,
        ),
      ].map((m) => m[1].replace(/[.,;]$/, '')),
    );
    if (quoted.every((q) => q.length === 0)) return;
    const run = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));
    const times = beatTimes(story, run.events, run.endT);
    story.forEach((beat, i) => {
      if (quoted[i].length === 0) return;
      const from = times[i] ?? 0;
      const to = Math.min(...times.filter((t): t is number => t !== undefined && t > from), Infinity);
      // The messages in force during the beat: the one it begins with, and those that follow before the next.
      const ops = run.events.filter(
        (e): e is Extract<SimEvent, { type: 'operation' }> => e.type === 'operation' && e.message !== '',
      );
      const said = [
        ...ops.filter((e) => e.t <= from).slice(-1),
        ...ops.filter((e) => e.t > from && e.t < to),
      ].map((e) => e.message);
      for (const q of quoted[i])
        expect(
          said.some((m) => m.includes(q)),
          `${beat.title}: "${q}" between ${from} and ${to} s; the run says ${JSON.stringify([...new Set(said)])}`,
        ).toBe(true);
    });
  });
});
