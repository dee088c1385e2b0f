import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine';
import { playForPageWithLua, pageRunOptions, defaultSettings, type PageRun } from '../../scenarios/pageRun';
import { parseScenario } from '../../scenarios/scenario';
import { predictBeats } from '../predict/predictBeats';
import { runFacts } from '../../cursor/runFacts';
import { frameAt } from '../../cursor/frameAt';
import { questions } from './questions';
import { runSimOnDisk } from '../../../test/kits/runSim.testKit';

const file = 'scenarios/app-of-apps-update.yaml';
const scenario = parseScenario(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'), file);
/** The run as the page plays it: the argocd-cm Lua the toggles leave, through the Lua VM. */
const play = (toggles: string[] = []): Promise<PageRun> =>
  playForPageWithLua(scenario, pageRunOptions(scenario, { ...defaultSettings(scenario), toggles }));
const applied = (events: readonly SimEvent[], name: string) =>
  events.find((e) => e.t > 60 && e.type === 'apply' && e.kind === 'Application' && e.name === name)!.t;
/** The child's comparison of release v2 finished: its first OutOfSync after the update. */
const compared = (events: readonly SimEvent[], name: string) =>
  events.find((e) => e.t > 60 && e.type === 'app' && e.app === name && e.sync === 'OutOfSync')!.t;
const healthyAt = (events: readonly SimEvent[], name: string, from: number) =>
  events.find((e) => e.t > from && e.type === 'app' && e.app === name && e.health === 'Healthy')!.t;

/**
 * scenarios/app-of-apps-update.yaml (issue 30 item 1; argo-cd PR #29649, #8778): on an update the parent's wave
 * gate reads the wave-1 child's last verdict, written before the child compared the new spec (controller/state.go
 * CompareAppState waits for GenerateManifest), through the documented Application health Lua; the amended Lua of
 * the PR, run here through the Lua VM as the page runs it, waits.
 */
describe('app-of-apps-update: the run answers its quiz question', async () => {
  const run = await play();
  const amended = await play(['amendedHealthCheck']);

  it('documented check: shop applies the backend (73 s) before the database has compared v2 (76 s)', () => {
    expect(applied(run.events, 'database')).toBe(68);
    expect(applied(run.events, 'backend')).toBe(73);
    expect(compared(run.events, 'database')).toBe(76);
  });

  it('documented check: the backend is Healthy on v2 before the database', () => {
    expect(healthyAt(run.events, 'backend', 81)).toBeLessThan(healthyAt(run.events, 'database', 76));
  });

  it('at the quiz link shop reads the database Healthy while it waits for its repo server', () => {
    const q = questions.find((x) => x.id === 'app-of-apps-update')!;
    expect(q.link).toMatchObject({ scenario: 'app-of-apps-update', t: 73 });
    const waiting = run.events.find((e) => e.t === 68 && e.type === 'app' && e.app === 'database');
    expect(waiting).toMatchObject({
      sync: 'Synced',
      health: 'Healthy',
      message: 'comparing: the repo server is generating manifests for releases/v2/database at v2',
    });
    expect(frameAt(run.events, q.link!.t).operation?.phase).toBe('Succeeded');
  });

  it('amended check (PR #29649): the database is Progressing until it has compared, and wave 2 waits for it', () => {
    const gate = amended.events.find(
      (e) => e.t === 68 && e.type === 'health' && e.app === 'shop' && e.name === 'database',
    );
    expect(gate).toMatchObject({
      status: 'Progressing',
      message: 'waiting for the application to compare its spec.source',
    });
    const databaseHealthy = healthyAt(amended.events, 'database', compared(amended.events, 'database'));
    expect(applied(amended.events, 'backend')).toBeGreaterThanOrEqual(databaseHealthy);
  });

  it('sim run plays both: wave 2 at 73 s, and at 99.925 s with --toggle amendedHealthCheck', () => {
    const backend = (args: string[]) => {
      const out = runSimOnDisk([file, '--json', ...args]);
      expect(out.code).toBe(0);
      return applied(JSON.parse(out.stdout).events as SimEvent[], 'backend');
    };
    expect(backend([])).toBe(73);
    expect(backend(['--toggle', 'amendedHealthCheck'])).toBe(99.925);
  });

  it('predict mode has questions for this run', () => {
    expect(predictBeats(run.events, runFacts(run.events)).length).toBeGreaterThan(0);
  });
});
