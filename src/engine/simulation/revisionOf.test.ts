import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { revisionOf } from './revisionOf';
import { configMap } from '../../../test/kits/simulation.testKit';

/** The definition: five FNV-1a rounds over the JSON in one loop each (what `revisionOf` computes in slices). */
function reference(objects: readonly KubeObject[]): string {
  const text = JSON.stringify(objects);
  let out = '';
  let h = 0x811c9dc5;
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193 + round * 2);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

describe('revisionOf', () => {
  it('gives the revision hooks are named after, unchanged since scenarios were recorded', () => {
    expect(revisionOf([])).toBe('741638a5d389b8e7bb08241ff019fdd1ceb296c1');
    expect(revisionOf([configMap('app-config')])).toBe('9a16148b87942b89f2b908c7fc1fa33d0d284193');
    expect(revisionOf([configMap('a')])).not.toBe(revisionOf([configMap('b')]));
  });

  it('hashes a long text in slices to the same revision as in one loop (slice edges included)', () => {
    // 87, 4,251 and 71,141 characters of JSON: within one slice of 4,096, just past one, and many.
    for (const count of [1, 40, 300]) {
      const objects = Array.from({ length: count }, (_, i) =>
        configMap(`config-${i}`, { data: { k: 'é'.repeat(i) } }),
      );
      expect(revisionOf(objects)).toBe(reference(objects));
    }
  });
});
