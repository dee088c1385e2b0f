import type { ScaleLinear } from 'd3';

/** Tick steps in seconds, from a tenth of a second to an hour, so labels stay round numbers of s or min. */
const steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/**
 * Axis ticks for the visible part of `x`: about one every 100 pixels, at round virtual times.
 * Used by the layout at zoom 1 and by the renderer after every zoom.
 */
export function timeTicks(x: ScaleLinear<number, number>): { t: number; x: number; label: string }[] {
  const [t0, t1] = x.domain();
  const [left, right] = x.range();
  const target = Math.max(2, Math.floor((right - left) / 100));
  const step = steps.find((s) => (t1 - t0) / s <= target) ?? 3600 * Math.ceil((t1 - t0) / target / 3600);
  const ticks = [];
  for (let i = Math.ceil(t0 / step - 1e-9); i * step <= t1 + 1e-9; i++) {
    const t = Number((i * step).toFixed(1));
    ticks.push({ t, x: x(t), label: formatSeconds(t) });
  }
  return ticks;
}

/** A virtual time as people read it: `7.5s`, `45s`, `2m`, `10m 30s`, `1h 5m`. */
export function formatSeconds(t: number): string {
  const sign = t < 0 ? '-' : '';
  const a = Math.abs(t);
  if (a < 60) return `${sign}${Number(a.toFixed(1))}s`;
  const h = Math.floor(a / 3600);
  const m = Math.floor((a % 3600) / 60);
  const s = Number((a % 60).toFixed(1));
  if (h > 0) return `${sign}${h}h${m ? ` ${m}m` : ''}`;
  return `${sign}${m}m${s ? ` ${s}s` : ''}`;
}
