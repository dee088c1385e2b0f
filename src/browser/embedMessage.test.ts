import { describe, expect, it } from 'vitest';
import { embedLink, embedSnippet, heightMessage, isHeightMessage, pageLink } from './embedMessage';

describe('the embedded view ("Embed")', () => {
  it('posts its height as { source, type, height } in whole pixels', () => {
    expect(heightMessage(612.2)).toEqual({ source: 'argocd-sync-sandbox', type: 'height', height: 613 });
    expect(isHeightMessage(heightMessage(10))).toBe(true);
    expect(isHeightMessage({ source: 'other', type: 'height', height: 10 })).toBe(false);
    expect(isHeightMessage({ source: 'argocd-sync-sandbox', type: 'height', height: 'tall' })).toBe(false);
    expect(isHeightMessage(null)).toBe(false);
  });

  it('the embed link and the full page link carry the same state, embed=1 in or out', () => {
    const page = 'https://example.org/sandbox/?scenario=three-tier&fail=migration,smoke&t=12&autoplay=1#x';
    const embed = embedLink(page);
    expect(embed).toBe('https://example.org/sandbox/?scenario=three-tier&fail=migration,smoke&t=12&embed=1');
    expect(pageLink(embed)).toBe(
      'https://example.org/sandbox/?scenario=three-tier&fail=migration,smoke&t=12',
    );
  });

  it('the snippet frames the link and sizes the frame only from messages of the sandbox origin', () => {
    const snippet = embedSnippet(
      'https://example.org/sandbox/?scenario=three-tier&embed=1',
      'Argo CD sync: "three" <tiers>',
    );
    expect(snippet).toContain('<iframe src="https://example.org/sandbox/?scenario=three-tier&amp;embed=1"');
    expect(snippet).toContain('title="Argo CD sync: &quot;three&quot; &lt;tiers>"');
    expect(snippet).toContain("e.origin !== 'https://example.org'");
    expect(snippet).toContain("m.type !== 'height'");
  });
});
