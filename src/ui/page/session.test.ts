import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScenarioFiles } from '../../scenarios/registry';
import { frameAt } from '../../cursor/frameAt';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from './session.svelte';

/** A session whose animation frames the test fires by hand, at chosen real times (ms). */
function manualSession() {
  const pending: ((now: number) => void)[] = [];
  const session = new SimulationSession({
    inline: inlinePlayer,
    reader: readerImpl,
    requestFrame: (cb) => pending.push(cb),
    cancelFrame: () => pending.splice(0),
  });
  const frame = (now: number) => pending.splice(0).forEach((cb) => cb(now));
  return { session, frame };
}

beforeAll(() => loadScenarioFiles());

describe('SimulationSession', () => {
  it('loads a scenario with its own settings and runs the real engine', () => {
    const { session } = manualSession();
    session.load('three-tier');
    expect(session.waveDelay).toBe(2);
    expect(session.t).toBe(0);
    expect(session.endT).toBeGreaterThan(session.result!.endT);
    expect(session.frame.operation?.phase).toBe('Running');
  });

  it('plays dt × speed virtual seconds per real second and stops at the end', () => {
    const { session, frame } = manualSession();
    session.load('three-tier');
    session.setSpeed(4);
    session.play();
    frame(1000);
    frame(1100);
    frame(1200);
    expect(session.t).toBeCloseTo(0.8);
    for (let now = 1300; session.playing; now += 200) frame(now);
    expect(session.t).toBe(session.endT);
    expect(session.frame.operation?.phase).toBe('Succeeded');
  });

  it('jumps to the end at max speed', () => {
    const { session } = manualSession();
    session.load('failing-smoke-test');
    session.setSpeed('max');
    session.play();
    expect(session.playing).toBe(false);
    expect([session.frame.operation?.phase, session.frame.app?.sync, session.frame.app?.health]).toEqual([
      'Failed',
      'Synced',
      'Healthy',
    ]);
  });

  it('steps event by event and wave by wave, and back', () => {
    const { session } = manualSession();
    session.load('three-tier');
    session.stepEvent(1);
    const first = session.t;
    expect(first).toBeGreaterThan(0);
    expect(session.events.some((e) => e.t === first)).toBe(true);
    session.stepEvent(-1);
    expect(session.t).toBe(0);
    session.stepWave(1);
    expect(session.events.some((e) => e.t === session.t && e.type === 'step')).toBe(true);
  });

  it('shows the pods that ran before the sync: a failed migration leaves 6.7.1 running', () => {
    const { session } = manualSession();
    session.load('failing-migration', { t: 0 });
    const backend = session.stackState.stack.find((c) => c.id === 'backend');
    const checkout = backend?.workloads.find((w) => w.name === 'checkout');
    expect(checkout?.versions.map((v) => [v.tag, v.pods.length])).toEqual([['6.7.1', 2]]);
    session.seek(session.endT);
    expect(session.frame.operation?.phase).toBe('Failed');
    expect(
      session.stackState.stack.find((c) => c.id === 'backend')?.workloads[0].versions.map((v) => v.tag),
    ).toEqual(['6.7.1']);
  });

  it('re-runs with a failure toggle and keeps the cursor', () => {
    const { session } = manualSession();
    session.load('three-tier');
    session.seek(10);
    session.toggleFailure('smoke');
    expect(session.t).toBe(10);
    session.seek(session.endT);
    expect(session.frame.operation?.phase).toBe('Failed');
    expect(session.callouts.now?.title).toBe('Sync Failed, app Healthy');
  });

  it('re-runs with another wave delay', () => {
    const { session } = manualSession();
    session.load('three-tier');
    const before = session.result!.endT;
    session.setWaveDelay(12);
    expect(session.result!.endT).toBeGreaterThan(before);
    expect(session.events.some((e) => e.type === 'wave-delay' && e.seconds === 12)).toBe(true);
  });

  it('reports a YAML error in edited manifests and keeps the last good run', () => {
    const { session } = manualSession();
    session.load('three-tier');
    const events = session.events;
    session.setManifests('kind: [');
    expect(session.error?.line).toBe(1);
    expect(session.events).toBe(events);
  });

  it('gives the same event log for the same seed, byte for byte', () => {
    const a = manualSession().session;
    const b = manualSession().session;
    a.load('failing-smoke-test');
    b.load('failing-smoke-test');
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    expect(frameAt(b.events, 20)).toEqual(frameAt(a.events, 20));
  });

  it('refuses an unknown scenario', () => {
    expect(() => manualSession().session.load('nope')).toThrow(/no scenario "nope"/);
  });
});

describe('SimulationSession: the stack view state (stack/stackState.svelte.ts)', () => {
  it("gives predict mode what a visitor sees: maintenance-page's question about the frontend's wave", async () => {
    const { session } = manualSession();
    session.load('maintenance-page');
    expect(session.stackState.visitor).toBeDefined();
    session.predict.setOn(true);
    await vi.waitFor(() =>
      expect(session.predict.beats.map((b) => b.question)).toContain(
        'Sync wave 2 rolls out the frontend (Deployment web). What does a visitor see while its pods are replaced?',
      ),
    );
  });
});
