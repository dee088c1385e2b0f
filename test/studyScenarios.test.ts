import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../src/engine';
import { playScenario } from '../src/scenarios/play';
import { parseScenario } from '../src/scenarios/scenario';

/**
 * The four answers a learner must tell apart (argocd-semantics.md §6.1, §6.3–§6.5) are each told by one
 * scenario. Their end state is pinned by test/scenarios.test.ts; these tests pin the moment that makes the point:
 * what the app's health was when the operation ended, and in which order the two answers arrived.
 */
function play(id: string) {
  const file = `scenarios/${id}.yaml`;
  const scenario = parseScenario(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), file);
  return playScenario(scenario);
}

type Op = Extract<SimEvent, { type: 'operation' }>;
type App = Extract<SimEvent, { type: 'app' }>;

/** The first time the operation reached a phase, and the app's health right then (after that instant's events). */
function endOf(events: SimEvent[], phase: string) {
  const index = events.findIndex((e) => e.type === 'operation' && e.phase === phase);
  if (index < 0) throw new Error(`the operation never reached ${phase}`);
  const end = events[index] as Op;
  const apps = events.filter((e): e is App => e.type === 'app' && e.t <= end.t);
  return { t: end.t, index, health: apps[apps.length - 1]?.health };
}

/** When the app's health first became this, looking at the events from an index on. */
const firstHealth = (events: SimEvent[], health: string, from = 0) =>
  events.slice(from).find((e): e is App => e.type === 'app' && e.health === health)?.t;

describe('the four answers, at the moment that shows them', () => {
  it('succeeded-progressing: Succeeded while the app is still Progressing (mirrors sync_waves_test.go TestOneProgressingDeploymentIsSucceededAndSynced)', () => {
    const { events } = play('succeeded-progressing');
    const end = endOf(events, 'Succeeded');
    expect(end.health).toBe('Progressing');
    expect(firstHealth(events, 'Healthy', end.index)).toBeGreaterThan(end.t);
  });

  it('succeeded-then-degraded: Succeeded first, Degraded only when progressDeadlineSeconds has passed (mirrors sync_waves_test.go TestDegradedDeploymentIsSucceededAndSynced)', () => {
    const { events } = play('succeeded-then-degraded');
    const end = endOf(events, 'Succeeded');
    expect(end.health).toBe('Progressing');
    expect(firstHealth(events, 'Degraded')).toBe(end.t + 30);
  });

  it('failed-degraded: the waited-on wave turns Degraded, then the operation Fails and the next wave never starts (mirrors sync_waves_test.go TestFixingDegradedApp)', () => {
    const { events } = play('failed-degraded');
    const end = endOf(events, 'Failed');
    expect(end.health).toBe('Degraded');
    expect(firstHealth(events, 'Degraded')! <= end.t).toBe(true);
    const waves = events.filter((e) => e.type === 'step').map((e) => (e as { wave: number }).wave);
    expect(waves).toEqual([1]);
  });

  it.each([
    ['stuck-load-balancer', 'waiting for healthy state of /Service/frontend'],
    ['hook-never-completes', 'waiting for completion of hook batch/Job/database-migration'],
  ])(
    '%s: the operation stays Running with the waiting message "%s" (mirrors sync_context_test.go Test_setRunningPhase)',
    (id, message) => {
      const { events } = play(id);
      const ops = events.filter((e): e is Op => e.type === 'operation');
      expect(ops.map((e) => e.phase)).not.toContain('Succeeded');
      expect(ops.map((e) => e.phase)).not.toContain('Failed');
      expect(ops[ops.length - 1].message).toBe(message);
    },
  );
});
