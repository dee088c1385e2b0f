import { describe, expect, it } from 'vitest';
import { guideDismissed, guideKey, rememberGuide } from './guideStorage';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('guideStorage', () => {
  it('remembers that the guide was dismissed, and forgets it when it is opened again', () => {
    const store = memory();
    expect(guideDismissed(store)).toBe(false);
    rememberGuide(true, store);
    expect(store.map.get(guideKey)).toBe('1');
    expect(guideDismissed(store)).toBe(true);
    rememberGuide(false, store);
    expect(guideDismissed(store)).toBe(false);
  });

  it('shows the guide and never throws when the storage is missing, full or blocked', () => {
    const full = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(guideDismissed(full)).toBe(false);
    expect(() => rememberGuide(true, full)).not.toThrow();
    expect(() => rememberGuide(false, full)).not.toThrow();
    expect(guideDismissed(undefined)).toBe(false);
    expect(() => rememberGuide(true, undefined)).not.toThrow();
  });
});
