import { describe, expect, it } from 'vitest';
import { stableStringify, templateHash } from './templateHash';

describe('templateHash', () => {
  it('ignores key order and changes with the content', () => {
    const a = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'v1' }] } };
    const b = { spec: { containers: [{ image: 'v1', name: 'c' }] }, metadata: { labels: { app: 'x' } } };
    expect(stableStringify(a)).toBe(stableStringify(b));
    expect(templateHash(a)).toBe(templateHash(b));
    expect(templateHash(a)).not.toBe(
      templateHash({ ...a, spec: { containers: [{ name: 'c', image: 'v2' }] } }),
    );
  });
});
