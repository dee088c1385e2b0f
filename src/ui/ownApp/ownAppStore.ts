import type { OwnFile } from '../../ownApp/ownAppScenario';
import type { EditStorage } from '../../browser/editStore';

/**
 * Your own app survives a reload: the files last read without error are kept in the browser's localStorage, under
 * one key. localStorage holds about 5 MB a site (counted in UTF-16 characters in Chromium), shared with the edits
 * of every scenario, so an app is kept only up to `maxStoredChars`; a bigger one still runs, and the page says it
 * will not come back after a reload. Every access is guarded: file://, a private window or a locked-down browser
 * may refuse storage or throw on any access.
 */
export const ownAppKey = 'sandbox-own-app';
/** The most characters an app may take in storage (its files' paths and texts, as JSON): 2 million, about 4 MB. */
export const maxStoredChars = 2_000_000;
const version = 1;

export interface SavedOwnApp {
  /** What the files came from, as the page names it: the dropped folder's or file's name, or "pasted". */
  source: string;
  files: OwnFile[];
}

/** Whether the app was kept: `kept`, `too-big` (it runs, but is gone after a reload), or `refused` by the browser. */
export type SaveOutcome = 'kept' | 'too-big' | 'refused';

export function saveOwnApp(storage: EditStorage | undefined, app: SavedOwnApp): SaveOutcome {
  return saveOwnAppText(storage, ownAppText(app));
}

/** The app as it is kept (JSON); the own-app worker makes it, so that a big app is not stringified on the page. */
export function ownAppText(app: SavedOwnApp): string {
  return JSON.stringify({ v: version, source: app.source, files: app.files });
}

/** Keeps an app's text made by ownAppText; undefined (or a text over `maxStoredChars`) is one too big to keep. */
export function saveOwnAppText(storage: EditStorage | undefined, text: string | undefined): SaveOutcome {
  if (text === undefined || text.length > maxStoredChars) {
    // What was kept before is older than what is on screen now: a reload must not bring it back instead.
    forgetOwnApp(storage);
    return 'too-big';
  }
  if (!storage) return 'refused';
  try {
    storage.setItem(ownAppKey, text);
    return 'kept';
  } catch {
    // Quota exceeded (the edits of other scenarios take room too) or storage refused.
    forgetOwnApp(storage);
    return 'refused';
  }
}

/** The kept app, or undefined for anything that is not one (missing, another version, damaged). */
export function loadOwnApp(storage: EditStorage | undefined): SavedOwnApp | undefined {
  try {
    const raw = storage?.getItem(ownAppKey);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { v?: unknown; source?: unknown; files?: unknown };
    if (value.v !== version || typeof value.source !== 'string' || !Array.isArray(value.files))
      return undefined;
    const files = value.files.filter(
      (f): f is OwnFile =>
        typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.text === 'string',
    );
    return files.length === value.files.length ? { source: value.source, files } : undefined;
  } catch {
    return undefined;
  }
}

export function forgetOwnApp(storage: EditStorage | undefined): void {
  try {
    storage?.removeItem(ownAppKey);
  } catch {
    // Nothing to do: storage refused, so nothing was kept either.
  }
}
