// Browser cases for recording a run (src/ui/record, contract.md §2 record-*): a short range of three-tier as a WebM
// and as a GIF, downloaded and read back as files: their magic bytes, the GIF's frames and screen size, the
// WebM's duration as a <video> element reads it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

/** The GIF's logical screen size and how many images it holds, read block by block (GIF89a's grammar). */
export function readGif(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a', 'a GIF89a header');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  const flags = bytes[10];
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at++;
  };
  let frames = 0;
  const delays = [];
  for (;;) {
    const block = bytes[at++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = bytes[at++];
      if (label === 0xf9) delays.push(bytes.readUInt16LE(at + 2));
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = bytes[at + 8];
      at += 9 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at++; // the LZW minimum code size
      skipSubBlocks();
    } else assert.fail(`not a GIF block: 0x${block?.toString(16)} at ${at - 1}`);
  }
  return { width, height, frames, delays };
}

export function recordCases({ browser, base, full }) {
  if (!full) return [];
  return [
    {
      name: 'record: 2 s of three-tier at 4× as a WebM (EBML, 1024×768, 0.5 s long) and 1 s at 2× as a GIF (6 frames of 1024×768), named after the scenario and range',
      fn: async () => {
        const record = await openPage(browser, base, '?scenario=three-tier', {
          viewport: { width: 1024, height: 768 },
        });
        const { page } = record;
        try {
          await page.click('[data-testid="record"]');
          await page.fill('[data-testid="record-from"]', '10');
          await page.fill('[data-testid="record-to"]', '12');
          // At 4×: 2 s of the run in half a second of video, 14 frames to draw and encode (the test stays short).
          await page.selectOption('[data-testid="record-speed"]', '4');

          const [video] = await Promise.all([
            page.waitForEvent('download', { timeout: scaled(60_000) }),
            page.click('[data-testid="record-webm"]'),
            page.waitForSelector('[data-testid="record-progress"]'),
          ]);
          assert.equal(video.suggestedFilename(), 'three-tier-10s-12s.webm');
          const webm = readFileSync(await video.path());
          assert.deepEqual([...webm.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML header');
          assert.match(webm.subarray(0, 128).toString('latin1'), /webm/, 'its DocType is webm');
          // What a player reads: the duration the file declares, near the range's 1.5 s at 1×.
          // Read in a blank page: the sandbox's own policy allows no media from blob: URLs, as it plays none.
          const player = await page.context().newPage();
          const [duration, width, height] = await player.evaluate(async (base64) => {
            const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
            const player = document.createElement('video');
            player.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
            await new Promise((resolve, reject) => {
              player.onloadedmetadata = resolve;
              player.onerror = () => reject(new Error('the WebM does not load'));
            });
            return [player.duration, player.videoWidth, player.videoHeight];
          }, webm.toString('base64'));
          await player.close();
          assert.ok(Math.abs(duration - 0.5) < 0.1, `the WebM lasts ${duration} s`);
          assert.deepEqual([width, height], [1024, 768], "the presenter's size");

          await page.fill('[data-testid="record-from"]', '0');
          await page.fill('[data-testid="record-to"]', '1');
          await page.selectOption('[data-testid="record-speed"]', '2');
          const [picture] = await Promise.all([
            page.waitForEvent('download', { timeout: scaled(60_000) }),
            page.click('[data-testid="record-gif"]'),
          ]);
          assert.equal(picture.suggestedFilename(), 'three-tier-0s-1s.gif');
          const gif = readGif(readFileSync(await picture.path()));
          assert.deepEqual(
            { width: gif.width, height: gif.height, frames: gif.frames },
            { width: 1024, height: 768, frames: 6 },
          );
          assert.ok(
            gif.delays.every((d) => d === 10),
            `every frame shows for 100 ms: ${gif.delays}`,
          );
          assert.deepEqual(record.errors, []);
        } finally {
          await record.close();
        }
      },
    },
  ];
}
