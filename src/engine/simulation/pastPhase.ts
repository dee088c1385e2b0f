import type { SimClock } from '../clock';
import type { ObjectStore } from '../cluster/store';
import type { EventLog } from '../eventLog';
import type { RunLimits } from '../limits';
import type { KubeObject } from '../types';
import type { ApplicationController } from '../argocd/applicationController';
import type { Repository, RepoRevision } from '../argocd/repository';
import type { RestWatch } from './settled';

/**
 * What happened before t 0 in a run of the control plane: the story a single-app scenario tells starts with an
 * Application that has already synced its earlier revisions (scenario.ts `revisions`), or with objects already in
 * the cluster (contract `--live`). The past starts an hour before t 0 and is logged only when asked (the page's
 * "how did the live state come about"); the run's log otherwise starts at t 0 with each app's state then.
 */
export interface PastPhase {
  /** Objects already in the cluster before anything else, written as they are (tracking annotation included). */
  live: readonly KubeObject[];
  /**
   * Revisions of the repository before the one it holds at t 0, each committed in turn and synced (every
   * Application given without `automated`, as `argocd app sync NAME` would) before t 0. With any, the Argo CD
   * objects are applied when the past starts; without, at t 0.
   */
  revisions: readonly RepoRevision[];
  /** Also log the past (negative `t`). */
  record: boolean;
}

/** When the past starts: the previous sync happened an hour ago. */
export const PAST_START_MS = -3_600_000;
/** Give up settling one step of the past after this long. */
const PAST_STEP_LIMIT_MS = 1_800_000;
/** The past ends a minute before t 0 at the latest, so nothing of it runs into the story. */
const PAST_END_MS = -60_000;

export interface PastContext {
  clock: SimClock;
  store: ObjectStore;
  log: EventLog;
  limits: RunLimits;
  rest: RestWatch;
  repository: Repository;
  controller: ApplicationController;
  /** Apply the run's Argo CD objects into `argocd`. */
  applyArgoObjects: () => void;
  /** The Applications synced by hand (`argocd app sync NAME [--prune]`), with the run's `--prune`. */
  syncByHand: () => void;
}

/**
 * Play the past: the live objects, then each revision committed and synced until the cluster settles. Leaves
 * the clock just before t 0. Returns whether the Argo CD objects were applied (they were if a revision was synced).
 */
export function playPast(past: PastPhase, context: PastContext): boolean {
  const { clock, store, log } = context;
  for (const obj of past.live) store.apply(obj);
  if (past.live.length > 0) settle(context);
  past.revisions.forEach((revision, i) => {
    if (i === 0) context.applyArgoObjects();
    else log.push({ type: 'commit', revision: context.repository.commit(revision) });
    context.syncByHand();
    settle(context);
  });
  clock.advanceTo(-1);
  return past.revisions.length > 0;
}

/**
 * Run the clock until every operation has ended and no pod is starting or stopping (one instant done at a time,
 * as runLoop.ts judges rest), for at most half an hour and never past a minute before t 0.
 */
function settle({ clock, log, limits, rest, controller }: PastContext): void {
  const limit = clock.now() + PAST_STEP_LIMIT_MS;
  for (;;) {
    const next = clock.nextDeadline();
    if (next === undefined || next > limit || next > PAST_END_MS) break;
    clock.runNext();
    limits.check(log.events.length, log.seconds(clock.now()));
    if (clock.nextDeadline() === clock.now()) continue;
    if (controller.atRest() && rest.podsAtRest()) break;
  }
}
