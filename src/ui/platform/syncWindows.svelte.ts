import type { ObjectHistory } from '../../engine';
import type { SpanInput } from '../../timeline/appLanes/types';
import { runsWithoutSyncWindows } from '../../scenarios/runsWithoutSyncWindows';
import { hasSyncWindows } from './hasSyncWindows';
import type * as SyncWindowSpans from './syncWindowSpans';

/**
 * The AppProjects' sync windows over a run, for the page's lanes and the embedded view's alike: their reader (with
 * the engine's schedules and cron code) is a chunk of its own, loaded only for a run that has windows, so the first
 * JavaScript of every other run does not carry it (issue 32, "Budget"). Create it while a component initialises.
 */
export class SyncWindows {
  /** The loaded reader, once a run with windows asked for it. */
  reader = $state.raw<typeof SyncWindowSpans | undefined>(undefined);
  /** Whether the run has any window (read without the reader). */
  readonly present: boolean;
  /** The windows as spans over the run, from 0 to its end; none until the reader is there. */
  readonly spans: SpanInput[];

  /**
   * `run` is the run on screen. A shipped scenario's default run whose history names no window is answered without
   * reading its history (scenarios/runsWithoutSyncWindows.ts): that would decode all of it at the page's start.
   */
  constructor(run: () => { objects: ObjectHistory } | undefined, endT: () => number) {
    this.present = $derived.by(() => {
      const shown = run();
      return shown !== undefined && !runsWithoutSyncWindows.has(shown) && hasSyncWindows(shown.objects);
    });
    this.spans = $derived(
      this.present && this.reader ? this.reader.syncWindowSpans(run()?.objects, endT()) : [],
    );
    $effect(() => {
      if (this.present && !this.reader)
        void import('./syncWindowSpans').then((module) => (this.reader = module));
    });
  }
}
