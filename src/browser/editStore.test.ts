import { describe, expect, it } from 'vitest';
import {
  editKey,
  fingerprint,
  isUnfinishedHere,
  loadEdit,
  parseEdit,
  saveEdit,
  serializeEdit,
  type EditStorage,
} from './editStore';

function memoryStorage(): EditStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const refusing: EditStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('editStore', () => {
  it('keys the edits by scenario, so each scenario keeps its own', () => {
    expect(editKey('three-tier')).toBe('sandbox-manifests:three-tier');
    expect(editKey('three-tier')).not.toBe(editKey('failing-migration'));
  });

  it('reads back exactly what it wrote', () => {
    const edit = {
      text: 'kind: ConfigMap\n# ünïcode, "quotes" and \\ backslashes\n',
      base: fingerprint('x'),
    };
    expect(parseEdit(serializeEdit(edit))).toEqual(edit);
  });

  it('ignores missing, damaged or foreign entries', () => {
    expect(parseEdit(null)).toBeUndefined();
    expect(parseEdit('{not json')).toBeUndefined();
    expect(parseEdit('"just a string"')).toBeUndefined();
    expect(parseEdit(JSON.stringify({ v: 2, text: 'a', base: 'b' }))).toBeUndefined();
    expect(parseEdit(JSON.stringify({ v: 1, text: 3, base: 'b' }))).toBeUndefined();
  });

  it('saves, restores and forgets a scenario edit', () => {
    const storage = memoryStorage();
    expect(saveEdit(storage, 'three-tier', { text: 'edited', base: 'abc' })).toBe(true);
    expect(loadEdit(storage, 'three-tier')).toEqual({ text: 'edited', base: 'abc' });
    expect(loadEdit(storage, 'failing-migration')).toBeUndefined();
    saveEdit(storage, 'three-tier', undefined);
    expect(loadEdit(storage, 'three-tier')).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('survives a storage that throws, or none at all (file://, private windows)', () => {
    expect(saveEdit(refusing, 'three-tier', { text: 'edited', base: 'abc' })).toBe(false);
    expect(loadEdit(refusing, 'three-tier')).toBeUndefined();
    expect(saveEdit(undefined, 'three-tier', undefined)).toBe(false);
    expect(loadEdit(undefined, 'three-tier')).toBeUndefined();
  });

  it('tells an edit of a link that this browser ran without the run finishing', () => {
    const storage = memoryStorage();
    saveEdit(storage, 'three-tier', { text: 'huge', base: 'b', state: 'running' });
    expect(isUnfinishedHere(storage, 'three-tier', 'huge')).toBe(true);
    // Another text, another scenario, a finished run or no storage: the link's edit runs as usual.
    expect(isUnfinishedHere(storage, 'three-tier', 'other')).toBe(false);
    expect(isUnfinishedHere(storage, 'revert', 'huge')).toBe(false);
    saveEdit(storage, 'three-tier', { text: 'huge', base: 'b', state: 'finished' });
    expect(isUnfinishedHere(storage, 'three-tier', 'huge')).toBe(false);
    expect(isUnfinishedHere(undefined, 'three-tier', 'huge')).toBe(false);
  });

  it('fingerprints texts so a changed scenario can be noticed', () => {
    expect(fingerprint('apiVersion: v1')).toMatch(/^[0-9a-f]{8}$/);
    expect(fingerprint('apiVersion: v1')).toBe(fingerprint('apiVersion: v1'));
    expect(fingerprint('apiVersion: v1')).not.toBe(fingerprint('apiVersion: v2'));
  });
});
