import type { Json } from '../types';

/**
 * Resolve an IntOrString such as `maxSurge: 1` or `maxUnavailable: '25%'` against a total, as
 * apimachinery's `GetScaledValueFromIntOrPercent` does: a percentage is rounded up when `roundUp`
 * (maxSurge) and down otherwise (maxUnavailable); a plain number is taken as is.
 *
 * @example scaledValue('25%', 3, true) // 1
 */
export function scaledValue(value: Json, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.endsWith('%')) {
    const percent = Number(value.slice(0, -1));
    if (!Number.isFinite(percent)) return 0;
    const exact = (percent * total) / 100;
    // Compare with a tolerance so that 30% of 10 is exactly 3 and not 3.0000000000000004.
    const rounded = Math.round(exact);
    if (Math.abs(exact - rounded) < 1e-9) return rounded;
    return roundUp ? Math.ceil(exact) : Math.floor(exact);
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return 0;
}
