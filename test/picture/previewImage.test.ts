import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { absolutePreviewUrls } from '../../src/build/siteUrlPlugin';

/**
 * The link preview's picture, public/og-image.png, is the README's picture (docs/three-tier.svg, which
 * test/picture/picture.test.ts keeps equal to what the timeline code draws) rasterized in Chromium by
 * `npm run picture:preview`. Rasterizing need not give the same bytes twice, so the PNG records the SHA-256 of the
 * SVG it was made from, and this test compares that with the SVG of today.
 */
const root = join(import.meta.dirname, '../../');
const png = readFileSync(`${root}public/og-image.png`);
const html = readFileSync(`${root}index.html`, 'utf8');

/** The tEXt chunks of a PNG, keyword → text. */
function pngText(bytes: Buffer): Record<string, string> {
  const found: Record<string, string> = {};
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'tEXt') {
      const [keyword, text] = bytes.toString('latin1', at + 8, at + 8 + length).split('\0');
      found[keyword] = text;
    }
    at += 12 + length;
  }
  return found;
}

const meta = (attribute: string) =>
  new RegExp(`<meta\\s+(?:property|name)="${attribute}"\\s+content="([^"]*)"`).exec(html)?.[1];

describe('the link preview', () => {
  it('public/og-image.png was made from today’s docs/three-tier.svg (npm run picture:preview makes it again)', () => {
    const svg = readFileSync(`${root}docs/three-tier.svg`);
    const sha = createHash('sha256').update(svg).digest('hex');
    expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(pngText(png).Source).toBe(`docs/three-tier.svg sha256 ${sha}`);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 628]);
    expect(png.length).toBeLessThan(250_000);
  });

  it('index.html has a description, og:image with its size and alt text, and a large-picture Twitter card', () => {
    expect(meta('description')?.length).toBeGreaterThan(50);
    expect(meta('og:image')).toBe('./og-image.png');
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '628']);
    expect(meta('og:image:alt')).toMatch(/three-tier/);
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe('./og-image.png');
  });

  it('a build given SITE_URL writes og:image and twitter:image as absolute URLs, and og:url; without it they stay relative', () => {
    const built = absolutePreviewUrls(html, 'https://someone.github.io/argocd-sync-sandbox');
    expect(built).toContain(
      '<meta property="og:url" content="https://someone.github.io/argocd-sync-sandbox/" />',
    );
    expect(built).toContain(
      '<meta property="og:image" content="https://someone.github.io/argocd-sync-sandbox/og-image.png" />',
    );
    expect(built).toContain(
      '<meta name="twitter:image" content="https://someone.github.io/argocd-sync-sandbox/og-image.png" />',
    );
    expect(absolutePreviewUrls(html, undefined)).toBe(html);
    expect(absolutePreviewUrls(html, '')).toBe(html);
    expect(() => absolutePreviewUrls(html, 'someone.github.io')).toThrow(
      'SITE_URL is "someone.github.io", which is not an absolute URL',
    );
  });
});
