import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readerImpl } from '../../scenarios/readerImpl';
import { reader } from '../../scenarios/reader';
import { editKey, type EditStorage } from '../../browser/editStore';
import { ManifestEditing } from '../manifests/manifestEditing.svelte';
import { SimulationSession } from '../page/session.svelte';
import { playForPage } from '../../scenarios/pageRun';
import type { PageRunner, RunOutcome } from '../../scenarios/workerRunner';

// An edit whose run did not finish is restored on reload but never re-run without asking. The first edit
// of a visit used to be marked finished before its run even started: the YAML reader loads asynchronously.
const scenario = readerImpl.parseScenario(
  readFileSync('scenarios/three-tier.yaml', 'utf8'),
  'scenarios/three-tier.yaml',
);

function setup(answer: (resolve: (outcome: RunOutcome) => void) => void) {
  const items = new Map<string, string>();
  const storage: EditStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  const runner: PageRunner = {
    run: (s, options) =>
      new Promise<RunOutcome>((resolve) => {
        runs.push(() => resolve({ kind: 'done', run: playForPage(s, options) }));
        answer(resolve);
      }),
    cancel: () => {},
  };
  const runs: (() => void)[] = [];
  // No reader passed: the page's case, where the first edit loads it.
  const session = new SimulationSession({
    inline: inlinePlayer,
    files: [{ id: 'three-tier', scenario }],
    requestFrame: () => 0,
    cancelFrame: () => {},
    runner,
  });
  const editing = new ManifestEditing({ session, storage, setTimer: () => 0, clearTimer: () => {} });
  const state = () => JSON.parse(items.get(editKey('three-tier')) ?? '{}').state as string | undefined;
  return { session, editing, state, runs };
}

const edit = (text: string) => text.replace(/(name: frontend\n(?:.*\n){3}.*sync-wave: )"2"/, '$1"3"');

describe('the unfinished-edit marker', () => {
  it('the first edit of a visit stays running until its run ends, then is finished', async () => {
    expect(reader()).toBeUndefined(); // the YAML reader is not loaded yet in this file
    const { session, editing, state, runs } = setup(() => {});
    const loaded = session.load('three-tier');
    runs[0]();
    await loaded;
    editing.input(edit(editing.original));
    const committed = editing.commit();
    expect(state()).toBe('running');
    // The reader loads, the run starts in the (fake) worker and has not answered: still running.
    await new Promise((r) => setTimeout(r, 0));
    await session.yaml.load();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toHaveLength(2);
    expect(state()).toBe('running');
    runs[1]();
    await committed;
    expect(state()).toBe('finished');
    expect(session.result?.events.length).toBeGreaterThan(0);
  });

  it('an edit stopped at the time limit stays running, so the next visit asks before running it', async () => {
    let first = true;
    const { session, editing, state, runs } = setup((resolve) => {
      if (!first) resolve({ kind: 'stopped', t: 3600, limitMs: 10_000 });
      first = false;
    });
    const loaded = session.load('three-tier');
    runs[0]();
    await loaded;
    const good = session.result;
    editing.input(edit(editing.original));
    await editing.commit();
    expect(state()).toBe('running');
    expect(session.result).toBe(good);
    expect(session.failure).toBe(
      'The simulation was stopped after 10 s of wall time, at virtual 3600.0 s: the input is too large or never ends. The last good run is still shown.',
    );
  });
});
