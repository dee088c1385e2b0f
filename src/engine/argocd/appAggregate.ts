import { annotationCompareOptions, compareOptionIgnoreExtraneous, hasAnnotationOption } from '../annotations';
import { contributionOf, foldResult, type AppHealthInput, type Contribution } from '../health/appHealth';
import { isWorse } from '../health/healthOrder';
import type { HealthStatus, HealthStatusCode, KubeObject, SyncStatusCode } from '../types';
import { OrderedGroups } from './orderedGroups';

/** What the aggregate reads of one of the app tracker's entries, and the part of it it keeps there. */
export interface CountedEntry {
  /** When the entry was made, among the tracker's entries: the order the app's health message names them in. */
  readonly seq: number;
  hook: boolean;
  sync: SyncStatusCode | null;
  live?: KubeObject;
  desired?: KubeObject;
  /** A `hook: Skip` target: it takes no part in the app's sync status or health (§1.7, §1.8 rule 1). */
  skipped?: boolean;
  /** This resource as the app-level fold reads it, rebuilt by the tracker when the entry changes. */
  input?: AppHealthInput;
  /** What this entry adds to the aggregates right now (none when it takes no part). */
  counted?: Contribution & { outOfSync: boolean };
}

/**
 * The app's own sync status and health (argocd-semantics.md §1.7, §1.8; controller/state.go `CompareAppState`,
 * health `setApplicationHealth`) as counts kept up to date entry by entry, so that a fold reads the counts rather
 * than walking every resource: a big app's run folds at every instant something changed, and walking a thousand
 * resources each time made it quadratic.
 */
export class AppAggregate<E extends CountedEntry> {
  private nResources = 0;
  private nLive = 0;
  private nOutOfSync = 0;
  private readonly codeCounts = new Map<string, number>();
  /** The counted entries by health code, in the entries' order: the first of the worst code are the causes. */
  private readonly byCode = new OrderedGroups<E>();

  /** Move one entry's part of the aggregates from what it was to what it is now (`gone`: to nothing). */
  recount(entry: E, gone = false): void {
    const before = entry.counted;
    if (before) {
      if (before.resource) this.nResources--;
      if (before.live) this.nLive--;
      if (before.outOfSync) this.nOutOfSync--;
      if (before.code) this.codeCounts.set(before.code, (this.codeCounts.get(before.code) ?? 0) - 1);
    }
    if (gone || (entry.hook && !entry.desired) || entry.skipped || !entry.input) {
      if (before?.code) this.byCode.remove(before.code, entry);
      entry.counted = undefined;
      return;
    }
    // The contribution is the entry's own fresh object, so it is completed in place rather than spread into
    // another: this runs at every watch event of every resource.
    const now = contributionOf(entry.input) as Contribution & { outOfSync: boolean };
    now.outOfSync = !entry.hook && entry.sync === 'OutOfSync' && !ignoredExtra(entry);
    if (now.resource) this.nResources++;
    if (now.live) this.nLive++;
    if (now.outOfSync) this.nOutOfSync++;
    if (now.code) this.codeCounts.set(now.code, (this.codeCounts.get(now.code) ?? 0) + 1);
    if (before?.code !== now.code) {
      if (before?.code) this.byCode.remove(before.code, entry);
      if (now.code) this.byCode.add(now.code, entry);
    }
    entry.counted = now;
  }

  /**
   * §1.7 and §1.8 for the whole app, from the counts: the worst code present, and the first resources with it
   * (in the same order as `appHealth` sees them) for the message.
   */
  fold(): { sync: SyncStatusCode; health: HealthStatus } {
    const sync: SyncStatusCode = this.nOutOfSync > 0 ? 'OutOfSync' : 'Synced';
    let worst: HealthStatusCode = 'Healthy';
    for (const [code, n] of this.codeCounts)
      if (n > 0 && isWorse(worst, code)) worst = code as HealthStatusCode;
    const total = worst === 'Healthy' ? 0 : (this.codeCounts.get(worst) ?? 0);
    const causes: AppHealthInput[] =
      total > 0 ? this.byCode.first(worst, Math.min(3, total)).map((e) => e.input!) : [];
    return { sync, health: foldResult(worst, this.nResources > 0, this.nLive > 0, causes, total) };
  }
}

/**
 * An extra live object (it needs pruning) annotated `compare-options: IgnoreExtraneous` stays `OutOfSync` itself
 * but does not make the app OutOfSync (controller state.go `CompareAppState`, §1.7; e2e
 * `TestCompareOptionIgnoreExtraneous`).
 */
export function ignoredExtra(entry: CountedEntry): boolean {
  const needsPruning = !entry.desired && entry.live !== undefined;
  return (
    needsPruning && hasAnnotationOption(entry.live, annotationCompareOptions, compareOptionIgnoreExtraneous)
  );
}
