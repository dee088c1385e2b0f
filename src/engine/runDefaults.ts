/**
 * What a run uses when its input leaves a setting out: the one place these are written. The scenario reader, the
 * CLI, the page (its knobs and its links) and the export all read them from here, so a changed default cannot
 * leave a copy behind that disagrees.
 */
export const runDefaults = {
  /**
   * ARGOCD_SYNC_WAVE_DELAY, in seconds: Argo CD's own default (controller/sync.go `delayBetweenSyncWaves`,
   * `delaySec := 2`; argocd-semantics.md §2.11), so an unconfigured run waits between waves as Argo CD does.
   */
  waveDelaySeconds: 2,
  /** The seed of the run's one random generator (random.ts): every jitter and generated name follows from it. */
  seed: 1,
} as const;
