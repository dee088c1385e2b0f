import { escapeControl } from '../../engine';

/**
 * kubectl's AGE and DURATION words: Kubernetes' `duration.HumanDuration` (apimachinery/pkg/util/duration),
 * e.g. `45s`, `3m20s`, `12m`, `4h5m`, `2d3h`.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${hours / 24}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  return `${Math.floor(hours / 24 / 365)}y`;
}

/**
 * A table as kubectl prints it (Go's tabwriter with a padding of 3): every column but the last padded to its
 * widest cell. Every cell is passed through escapeControl, so a name cannot forge a row.
 */
export function kubectlTable(header: string[], rows: string[][]): string[] {
  const safe = rows.map((r) => r.map(escapeControl));
  const widths = header.map((h, i) => Math.max(h.length, ...safe.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] + 3)))
      .join('')
      .trimEnd();
  return [line(header), ...safe.map(line)];
}
