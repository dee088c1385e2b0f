import { annotationIgnoreHealthcheck } from '../annotations';
import type { KubeObject } from '../types';
import { ignoredExtra, type CountedEntry } from './appAggregate';
import type { RowSource } from './statusRows';
import { isTrackedBy, TRACKING_ANNOTATION } from './tracking';

/**
 * One resource of the app: a row of `status.resources` (RowSource) and a part of the app's sync status and health
 * (CountedEntry). `skipped`: Git holds it annotated `hook: Skip`, so it gets no sync status and takes no part in the
 * app's, whatever its live copy looks like (controller state.go `CompareAppState`, §1.7, §1.8 rule 1).
 */
export interface Entry extends RowSource, CountedEntry {
  /** The desired and live objects `sync` was last computed from (compare.ts `sameDiffInputs`). */
  compared?: { desired: KubeObject | undefined; live: KubeObject | undefined };
}

/**
 * A target whose live copy another app's tracking annotation names (state.go L855: the SharedResourceWarning
 * candidates).
 */
export function isForeign(app: string, e: Entry): boolean {
  if (!e.live || (!e.desired && !e.skipped)) return false;
  const id = e.live.metadata.annotations?.[TRACKING_ANNOTATION];
  return id !== undefined && !isTrackedBy(app, e.live);
}

/** What of an entry the app-level fold reads (§1.7, §1.8): when this is unchanged, so is the fold. */
export function foldInput(entry: Entry): string {
  const ignored = entry.live?.metadata.annotations?.[annotationIgnoreHealthcheck] ?? '';
  const extra = ignoredExtra(entry);
  return `${entry.hook}|${!!entry.desired}|${!!entry.live}|${ignored}|${extra}|${entry.health?.status}|${entry.sync}`;
}

export function fields(entry: Entry) {
  return {
    group: entry.ref.group,
    kind: entry.ref.kind,
    namespace: entry.ref.namespace,
    name: entry.ref.name,
  };
}
