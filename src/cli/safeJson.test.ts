import { describe, expect, it } from 'vitest';
import { safeJson } from './safeJson';

describe('safeJson (text output never carries raw control characters)', () => {
  it('escapes DEL, C1 controls and bidi overrides that JSON.stringify leaves raw, and parses back', () => {
    const value = { name: 'web\u009b31m\u007f\u0085\u202eevil\u2066', plain: 'café ✓' };
    const text = safeJson(value);
    expect(text).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('\\u009b31m');
    expect(text).toContain('\\u202e');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves ordinary text and the indentation as JSON.stringify writes them', () => {
    const value = { a: [1, 'b'], c: 'Ω' };
    expect(safeJson(value, 2)).toBe(JSON.stringify(value, null, 2));
  });
});
