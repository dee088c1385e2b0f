import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAnswers, saveAnswers } from './quizProgress';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('quizProgress', () => {
  it('keeps the answers across a reload', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    saveAnswers({ 'presync-fails': 0, stuck: 1 });
    expect(loadAnswers()).toEqual({ 'presync-fails': 0, stuck: 1 });
  });

  it('reads garbage as no answers, and a refusing storage does not throw', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    storage.setItem('argocd-sync-sandbox:quiz', '{not json');
    expect(loadAnswers()).toEqual({});
    storage.setItem('argocd-sync-sandbox:quiz', '{"a": -1, "b": "x", "c": 2}');
    expect(loadAnswers()).toEqual({ c: 2 });
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => saveAnswers({ a: 1 })).not.toThrow();
  });
});
