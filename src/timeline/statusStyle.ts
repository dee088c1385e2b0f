import type { HealthStatusCode, OperationPhase } from '../engine';
import type { SegmentStatus } from './types';

/** Argo CD's own status colours (the UI's health icons), the same in its light and dark themes. */
export const statusColors: Record<HealthStatusCode, string> = {
  Healthy: '#18be94',
  Progressing: '#0dadea',
  Degraded: '#e96d76',
  Suspended: '#766f94',
  Missing: '#f4c030',
  Unknown: '#ccd6dd',
};

/** Operation phases in the same palette: success green, failure red, in progress blue. */
export const operationColors: Record<OperationPhase, string> = {
  Succeeded: statusColors.Healthy,
  Failed: statusColors.Degraded,
  Error: statusColors.Degraded,
  Running: statusColors.Progressing,
  Terminating: statusColors.Suspended,
};

/**
 * Colour is never the only cue (users-and-peers.md, #4838): each status also has its own texture, so the
 * bars read in greyscale and for colour-blind viewers. Healthy is solid; the others are patterns.
 */
export type Texture = 'solid' | 'stripes' | 'hatch' | 'lines' | 'dots' | 'cross' | 'thin';

export const statusTextures: Record<SegmentStatus, Texture> = {
  Healthy: 'solid',
  Progressing: 'stripes',
  Degraded: 'hatch',
  Suspended: 'lines',
  Missing: 'dots',
  Unknown: 'cross',
  none: 'thin',
};

/** The statuses in the legend's order: best to worst as Argo CD ranks them (§1.8), then 'none'. */
export const legendStatuses: SegmentStatus[] = [
  'Healthy',
  'Suspended',
  'Progressing',
  'Missing',
  'Degraded',
  'Unknown',
  'none',
];

export function statusLabel(status: SegmentStatus): string {
  return status === 'none' ? 'no health status' : status;
}
