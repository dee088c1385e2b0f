import { describe, expect, it } from 'vitest';
import { loadOwnApp, maxStoredChars, ownAppKey, saveOwnApp } from './ownAppStore';

/** A storage as small as a browser's can be: it throws past `quota` characters, as localStorage does when full. */
function memoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

const app = { source: 'platform', files: [{ path: 'platform.yaml', text: 'kind: Application\n' }] };

describe('your own app kept for a reload', () => {
  it('comes back as it was saved', () => {
    const storage = memoryStorage();
    expect(saveOwnApp(storage, app)).toBe('kept');
    expect(loadOwnApp(storage)).toEqual(app);
  });

  it('an app over the cap is not kept, and the older one is forgotten so a reload cannot show it instead', () => {
    const storage = memoryStorage();
    saveOwnApp(storage, app);
    const big = { source: 'big', files: [{ path: 'big.yaml', text: 'x'.repeat(maxStoredChars) }] };
    expect(saveOwnApp(storage, big)).toBe('too-big');
    expect(loadOwnApp(storage)).toBeUndefined();
  });

  it('a full or refusing storage says so, and keeps nothing stale', () => {
    const storage = memoryStorage(100);
    storage.items.set(ownAppKey, JSON.stringify({ v: 1, ...app }));
    expect(saveOwnApp(storage, { ...app, files: [{ path: 'a.yaml', text: 'y'.repeat(200) }] })).toBe(
      'refused',
    );
    expect(loadOwnApp(storage)).toBeUndefined();
    expect(saveOwnApp(undefined, app)).toBe('refused');
  });

  it('a damaged entry or another version reads as none', () => {
    for (const raw of ['{', '{"v":2,"source":"x","files":[]}', '{"v":1,"source":"x","files":[{"path":1}]}']) {
      const storage = memoryStorage();
      storage.items.set(ownAppKey, raw);
      expect(loadOwnApp(storage)).toBeUndefined();
    }
  });
});
