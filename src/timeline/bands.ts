import type { SimEvent } from '../engine';
import type { DelayGap, PhaseBand, WaveBoundary } from './types';

export type BandTimes = Omit<PhaseBand, 'x0' | 'x1'>;
export type WaveTimes = Omit<WaveBoundary, 'x' | 'lane'>;
export type DelayTimes = Omit<DelayGap, 'x0' | 'x1'>;

/**
 * The operation's progress through its steps, from 'step' events: each step starts a (phase, wave)
 * (argocd-semantics.md §2.8 step 12). Consecutive steps of one phase make a phase band, which lasts until the
 * next phase starts or the operation ends (`end`). Every step start is a wave boundary.
 */
export function buildBands(events: SimEvent[], end: number): { bands: BandTimes[]; waves: WaveTimes[] } {
  const bands: BandTimes[] = [];
  const waves: WaveTimes[] = [];
  const seen = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'step') continue;
    const id = `${e.phase}:${e.wave}`;
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    waves.push({ key: n ? `${id}:${n}` : id, phase: e.phase, wave: e.wave, t: e.t, label: `wave ${e.wave}` });
    const last = bands.at(-1);
    if (last?.phase === e.phase) continue;
    if (last) last.t1 = e.t;
    bands.push({ key: `${e.phase}:${bands.length}`, phase: e.phase, index: bands.length, t0: e.t, t1: end });
  }
  return { bands, waves };
}

/** ARGOCD_SYNC_WAVE_DELAY sleeps (§2.11): each 'wave-delay' event starts one that lasts `seconds`. */
export function buildDelays(events: SimEvent[]): DelayTimes[] {
  const delays: DelayTimes[] = [];
  for (const e of events) {
    if (e.type !== 'wave-delay') continue;
    const key = `${e.phase}:${e.wave}:${delays.length}`;
    delays.push({ key, phase: e.phase, wave: e.wave, seconds: e.seconds, t0: e.t, t1: e.t + e.seconds });
  }
  return delays;
}
