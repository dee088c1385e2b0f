import { describe, expect, it } from 'vitest';
import { textPreview } from './textPreview';

describe('textPreview: the read-only view before the editor loads shows the start of a big text', () => {
  it('shows a short text whole', () => {
    expect(textPreview('a: 1\nb: 2\n')).toEqual({ shown: 'a: 1\nb: 2\n', moreLines: 0 });
    expect(textPreview('a: 1\nb: 2')).toEqual({ shown: 'a: 1\nb: 2', moreLines: 0 });
  });

  it('shows the first lines of a dropped app of 2 MiB and counts the lines left for the editor', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `  key-${i}: "${'v'.repeat(48)}"`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBeGreaterThan(2_000_000);
    const { shown, moreLines } = textPreview(text);
    expect(shown).toBe(lines.slice(0, 200).join('\n') + '\n');
    expect(moreLines).toBe(40_000 - 200);
  });

  it('cuts a text of long lines at its character bound, the line cut through counted as not shown', () => {
    const text = 'x'.repeat(15_000) + '\n' + 'y'.repeat(15_000) + '\nz';
    const { shown, moreLines } = textPreview(text);
    expect(shown.length).toBe(20_000);
    expect(moreLines).toBe(2);
  });
});
