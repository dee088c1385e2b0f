/**
 * Go's `time.ParseDuration` (src/time/format.go), which Argo CD applies to a sync window's `duration`
 * (pkg/apis/application/v1alpha1/types.go `SyncWindow.active`, `Validate`): a signed sequence of decimal numbers,
 * each with a unit (`ns`, `us`, `µs`, `μs`, `ms`, `s`, `m`, `h`), like `1h30m` or `-1.5h`; `0` alone needs none.
 * Returns milliseconds, or Go's error text.
 */
const units: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseGoDuration(text: string): number | string {
  const quoted = JSON.stringify(text);
  const invalid = `time: invalid duration ${quoted}`;
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s.startsWith('-') ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return invalid;
  let total = 0;
  while (s !== '') {
    const number = /^([0-9]*)(\.([0-9]*))?/.exec(s)!;
    const [whole, intPart, , fraction] = number;
    if (intPart === '' && (fraction ?? '') === '') return invalid;
    s = s.slice(whole.length);
    const unitMatch = /^[^0-9.]*/.exec(s)![0];
    if (unitMatch === '') return `time: missing unit in duration ${quoted}`;
    const unit = units[unitMatch];
    if (unit === undefined) return `time: unknown unit ${JSON.stringify(unitMatch)} in duration ${quoted}`;
    s = s.slice(unitMatch.length);
    total += Number(`${intPart || '0'}.${fraction ?? ''}0`) * unit;
  }
  return sign * total;
}
