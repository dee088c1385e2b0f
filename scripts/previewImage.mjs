// `npm run picture:preview`: public/og-image.png, the picture a link to the page shows in a post or a chat (its
// og:image). It is the README's picture, docs/three-tier.svg (which `npm run picture` draws from the timeline
// code), rasterized in Chromium by the page's own Export PNG code (src/browser/exportImage.ts's pngFromSvg) at
// 1200×628, the 1.91:1 size link previews crop to. The PNG records the SHA-256 of the SVG it was made from in a
// tEXt chunk, so test/picture/previewImage.test.ts fails when the SVG changed and this was not run again
// (rasterizing twice need not give the same bytes, so the test compares the source, not the pixels).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import ts from 'typescript';
import { launchChromium } from '../test/e2e/launchChromium.mjs';

const root = new URL('../', import.meta.url);
const svg = readFileSync(new URL('docs/three-tier.svg', root), 'utf8');
const [, width, height] = /<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg).map(Number);
const scale = 1200 / width;
const exportImage = ts.transpileModule(readFileSync(new URL('src/browser/exportImage.ts', root), 'utf8'), {
  compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
}).outputText;

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(
    async ({ code, svg, width, height, scale }) => {
      const { pngFromSvg } = await import(`data:text/javascript,${encodeURIComponent(code)}`);
      const bytes = new Uint8Array(await (await pngFromSvg(svg, width, height, scale)).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    },
    { code: exportImage, svg, width, height, scale },
  );
  const png = Buffer.from(base64, 'base64');
  const sha = createHash('sha256').update(svg).digest('hex');
  writeFileSync(
    new URL('public/og-image.png', root),
    withText(png, 'Source', `docs/three-tier.svg sha256 ${sha}`),
  );
  process.stdout.write(`public/og-image.png: ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}, from ${sha}\n`);
} finally {
  await browser.close();
}

/** `png` with a tEXt chunk `keyword`: `text` put just before its IEND chunk (the last 12 bytes). */
function withText(png, keyword, text) {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([
    png.subarray(0, png.length - 12),
    length,
    type,
    data,
    crc,
    png.subarray(png.length - 12),
  ]);
}
