import type { SimEvent } from '../../engine';
import { operationClockAt, type OperationClock } from '../../text/operationAt';
import { frameAt, type Frame } from '../../cursor/frameAt';
import { currentBeat } from '../../cursor/beatTimes';
import { appLog } from './appLog';
import { applicationsOf } from './applicationsOf';
import { storyApp } from './storyApp';

/** What the status cards' subject reads of the session. */
export interface SubjectHost {
  readonly apps: {
    readonly allEvents: SimEvent[];
    readonly platform: boolean;
    readonly openedApp: string | undefined;
  };
  readonly explain: {
    readonly storyBeats: readonly { text: string }[];
    readonly beatTimes: readonly (number | undefined)[];
    readonly operationClock: OperationClock;
  };
  readonly t: number;
  readonly frame: Frame;
}

/**
 * Which Application the status cards describe, and what they say of it (with several Applications the
 * cards described the first root, unnamed, and read "Healthy · Synced · Sync OK" at the "Held" beat of a rollout
 * whose backend was Degraded). The open Application when one is open; else the one the story beat at the cursor
 * names (the frontend that stays Waiting, the team app whose project does not exist yet); else the root.
 * A run of one Application has no name to give, and the cards read the session's own frame as before.
 */
export class StatusSubject {
  // Set in the constructor; the derived values below read it lazily, after construction.
  private host!: SubjectHost;

  constructor(host: SubjectHost) {
    this.host = host;
  }

  /** The Application the cards describe, undefined in a run of one. */
  readonly app: string | undefined = $derived.by(() => {
    const { platform, openedApp, allEvents } = this.host.apps;
    const { storyBeats, beatTimes } = this.host.explain;
    const t = this.host.t;
    if (!platform) return undefined;
    if (openedApp) return openedApp;
    const names = applicationsOf(allEvents).map((a) => a.name);
    const beat = storyBeats[currentBeat(beatTimes, t)];
    return (beat && storyApp(beat.text, names)) ?? names[0];
  });
  /** Whether the cards describe another Application than the single-app parts of the page show. */
  private readonly other = $derived(this.host.apps.platform && !this.host.apps.openedApp);
  /** The cards' frame: the subject's own log at the cursor. */
  readonly frame: Frame = $derived(
    this.other && this.app
      ? frameAt(appLog(this.host.apps.allEvents, this.app), this.host.t)
      : this.host.frame,
  );
  readonly clock: OperationClock = $derived(
    this.other && this.app
      ? operationClockAt(appLog(this.host.apps.allEvents, this.app), this.frame)
      : this.host.explain.operationClock,
  );
}
