import type { OperationPhase } from '../engine';

/**
 * The title of the Last Sync card, in the Argo CD UI's words (ui `utils.tsx` getOperationStateTitle for a sync
 * operation): Running is "Syncing", Succeeded "Sync OK", Failed "Sync failed", Error "Sync error", Terminating
 * "Terminated".
 */
export function lastSyncTitle(phase: OperationPhase | undefined): string {
  switch (phase) {
    case 'Running':
      return 'Syncing';
    case 'Succeeded':
      return 'Sync OK';
    case 'Failed':
      return 'Sync failed';
    case 'Error':
      return 'Sync error';
    case 'Terminating':
      return 'Terminated';
    default:
      return '';
  }
}

/** "6.7.0 (3f1c2ab)": the scenario's name of the revision, with the first 7 digits of its SHA as the UI shows it. */
export function revisionText(name: string | undefined, sha: string | undefined): string {
  const short = sha ? sha.slice(0, 7) : '';
  if (name && short) return `${name} (${short})`;
  return name || short;
}
