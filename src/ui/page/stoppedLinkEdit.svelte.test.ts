import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readerImpl } from '../../scenarios/readerImpl';
import { editKey, isUnfinishedHere, linkRunKey, type EditStorage } from '../../browser/editStore';
import { ManifestEditing } from '../manifests/manifestEditing.svelte';
import { SimulationSession } from './session.svelte';
import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { openEditedLink, type EditedLinkHost } from '../../browser/openEditedLink';
import type { RunEnd } from './sessionOptions';

/**
 * A link's edit whose run was stopped at the run limit (or hung the tab) is treated as a typed one is: a reload
 * restores it in the manifest panel and does not run it until asked (openFromAddress.ts asks `isUnfinishedHere`).
 */
function memoryStorage(saved: Record<string, string> = {}) {
  const items = new Map(Object.entries(saved));
  const storage: EditStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { items, storage };
}

function host(end: RunEnd): EditedLinkHost & { ran: (string | undefined)[] } {
  const ran: (string | undefined)[] = [];
  return {
    ran,
    scenario: { id: 'three-tier' },
    load: () => Promise.resolve(),
    yaml: { load: () => Promise.resolve() },
    setManifests: (text) => {
      ran.push(text);
      return Promise.resolve(end);
    },
    seek: () => undefined,
  };
}

describe("a link's edit whose run was stopped", () => {
  it('is marked unfinished, so a reload does not run it again; a run that ends clears the mark', async () => {
    const { items, storage } = memoryStorage();
    await openEditedLink(host('stopped'), 'three-tier', {}, 'huge edit', storage);
    expect(isUnfinishedHere(storage, 'three-tier', 'huge edit')).toBe(true);
    expect(isUnfinishedHere(storage, 'three-tier', 'another edit')).toBe(false);
    // The browser's own saved edits of the scenario are not touched by a link.
    expect(items.has(editKey('three-tier'))).toBe(false);

    await openEditedLink(host('finished'), 'three-tier', {}, 'huge edit', storage);
    expect(isUnfinishedHere(storage, 'three-tier', 'huge edit')).toBe(false);
    expect(items.size).toBe(0);
  });

  it('is restored in the manifest panel and run only when asked, as a typed edit is', async () => {
    const text = readFileSync('scenarios/three-tier.yaml', 'utf8');
    const own = { v: 1, text: 'my own edit', base: 'x', state: 'finished' };
    const { items, storage } = memoryStorage({ [editKey('three-tier')]: JSON.stringify(own) });
    const session = new SimulationSession({
      inline: inlinePlayer,
      files: [{ id: 'three-tier', text }],
      reader: readerImpl,
      requestFrame: () => 0,
      cancelFrame: () => {},
    });
    const editing = new ManifestEditing({ session, storage, setTimer: () => 0, clearTimer: () => {} });
    session.load('three-tier');
    const edited = editing.original.replace(/(name: frontend\n(?:.*\n){3}.*sync-wave: )"2"/, '$1"3"');
    await openEditedLink(host('stopped'), 'three-tier', {}, edited, storage);

    // The reload: the scenario opens without the edit, and the panel shows it, not run.
    editing.restore(session.scenario);
    expect(editing.restored).toEqual({ changed: false, unfinished: true });
    expect(editing.text).toBe(edited);
    expect(session.manifests).toBeUndefined();
    await editing.commit();
    expect(session.manifests).toBeUndefined();

    await editing.runRestored();
    expect(session.manifests).toBe(edited);
    expect(items.has(linkRunKey('three-tier'))).toBe(false);
  });
});
