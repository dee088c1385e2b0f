/**
 * Edited manifests survive a reload: they are kept in the browser's localStorage, one entry per scenario. A
 * page opened from file://, a private window or a locked-down browser may refuse storage or throw on any access,
 * so every access is guarded and the editor then simply forgets edits on reload.
 */

/** The part of the Web Storage API the store uses, so tests can pass a plain object. */
export type EditStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What is saved: the edited text and a fingerprint of the scenario's own text it was edited from. */
export interface SavedEdit {
  text: string;
  base: string;
  /**
   * `running` is saved just before the edit is run and `finished` after: an edit still `running` on
   * the next visit may be what hung or crashed the page, so it is restored without being run until asked.
   * Entries saved before this field existed count as finished.
   */
  state?: 'running' | 'finished';
}

const prefix = 'sandbox-manifests:';
const version = 1;

/** The storage key of a scenario's edits. */
export function editKey(scenarioId: string): string {
  return `${prefix}${scenarioId}`;
}

export function serializeEdit(edit: SavedEdit): string {
  return JSON.stringify({ v: version, text: edit.text, base: edit.base, state: edit.state });
}

/** The saved edit, or undefined for anything that is not one (missing, another version, damaged). */
export function parseEdit(raw: string | null | undefined): SavedEdit | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { v, text, base, state } = value as Record<string, unknown>;
    if (v !== version || typeof text !== 'string' || typeof base !== 'string') return undefined;
    return state === 'running' || state === 'finished' ? { text, base, state } : { text, base };
  } catch {
    return undefined;
  }
}

/**
 * A short fingerprint of the scenario's text (FNV-1a, 32 bits), so a restored edit can tell whether the
 * scenario changed since. Collisions only cost a missing "the scenario changed" note.
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The browser's localStorage, or undefined where merely touching it throws. */
export function browserStorage(): EditStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function loadEdit(storage: EditStorage | undefined, scenarioId: string): SavedEdit | undefined {
  try {
    return parseEdit(storage?.getItem(editKey(scenarioId)));
  } catch {
    return undefined;
  }
}

/** Save, or with `undefined` forget, a scenario's edits. Returns whether the storage took it. */
export function saveEdit(
  storage: EditStorage | undefined,
  scenarioId: string,
  edit: SavedEdit | undefined,
): boolean {
  if (!storage) return false;
  try {
    if (edit === undefined) storage.removeItem(editKey(scenarioId));
    else storage.setItem(editKey(scenarioId), serializeEdit(edit));
    return true;
  } catch {
    // Quota exceeded or storage refused: the edit still lives in this page until it is closed.
    return false;
  }
}

/**
 * Whether this browser saved exactly `text` for the scenario, typed or opened from a link, and its run never
 * finished (it hung the tab, or was stopped at the run limit): reloading a link that carries it must not run it
 * again without asking.
 */
export function isUnfinishedHere(
  storage: EditStorage | undefined,
  scenarioId: string,
  text: string,
): boolean {
  const saved = loadEdit(storage, scenarioId);
  if (saved?.state === 'running' && saved.text === text) return true;
  return loadLinkRun(storage, scenarioId) === text;
}

/**
 * A link's edit is marked as a typed one is (`running` before its run, cleared once the run has ended), so a link
 * whose edit hung the tab or was stopped at the run limit is restored on reload and not run until asked, as a
 * typed edit is. It has a key of its own: a link never overwrites the edits this browser saved for the scenario.
 */
export function linkRunKey(scenarioId: string): string {
  return `sandbox-link-run:${scenarioId}`;
}

/** Mark the link's edit `text` running for the scenario, or with `undefined` clear the mark. */
export function markLinkRun(
  storage: EditStorage | undefined,
  scenarioId: string,
  text: string | undefined,
): void {
  try {
    if (text === undefined) storage?.removeItem(linkRunKey(scenarioId));
    else storage?.setItem(linkRunKey(scenarioId), serializeEdit({ text, base: '', state: 'running' }));
  } catch {
    // Storage refused: a reload then runs the link's edit again, as it did before marks existed.
  }
}

/** The text of a link's edit whose run never ended for the scenario, if one is marked. */
export function loadLinkRun(storage: EditStorage | undefined, scenarioId: string): string | undefined {
  try {
    const saved = parseEdit(storage?.getItem(linkRunKey(scenarioId)));
    return saved?.state === 'running' ? saved.text : undefined;
  } catch {
    return undefined;
  }
}
