import { versionAt, type ObjectHistory } from '../../engine';

/**
 * Whether any AppProject of a run declares sync windows, in any version: the page loads the reader of windows
 * (syncWindowSpans.ts, with the engine's schedule and cron code) only for a run that has some, so that the first
 * JavaScript of every other run does not carry it (issue 32, "Budget"). A key names its kind
 * (`group/Kind/namespace/name`, objectHistory.ts).
 */
export function hasSyncWindows(objects: ObjectHistory | undefined): boolean {
  if (!objects) return false;
  return objects.keys.some(
    (key, i) =>
      key.split('/')[1] === 'AppProject' &&
      objects.versions[i].some((_, j) => versionAt(objects, i, j)?.spec?.syncWindows != null),
  );
}
