// Browser case of the embedded view (issue 32, "a second pair of eyes"): in a blog's 720 px column the
// sync-window story drew its Applications' lanes without the deny window the story is about; the full page drew it.
import assert from 'node:assert/strict';
import { withHostedFrame } from './pageHelpers.mjs';
import { scaled } from './timeoutScale.mjs';

export function embedWindowCases({ browser, base, full }) {
  if (!full) return [];
  return [
    {
      name: 'blogger: in a 720 px iframe sync-window-blocks-release shows its deny window over the lanes, labelled',
      fn: () =>
        withHostedFrame(browser, base, '?embed=1&scenario=sync-window-blocks-release', 720, async (frame) => {
          await frame.waitForSelector('[data-testid="app-lanes"]', { timeout: scaled(30_000) });
          await frame.waitForSelector('g.al-span[data-kind="window"]', { timeout: scaled(15_000) });
          const label = await frame.evaluate(() => {
            const text = document.querySelector('text.al-span-label');
            const box = text.getBoundingClientRect();
            const svg = text.ownerSVGElement.getBoundingClientRect();
            return {
              text: text.textContent,
              inside: box.left >= svg.left - 0.5 && box.right <= svg.right + 0.5,
            };
          });
          assert.match(label.text, /^deny window /);
          assert.equal(label.inside, true, `"${label.text}" runs out of the drawing`);
        }),
    },
  ];
}
