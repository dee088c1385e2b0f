// Browser cases of the app lanes' span labels (issue 32, "a second pair of eyes"): at a projector's 1024×768 in
// presenter mode, the label of a wave, a step or a sync window near the run's end ran past the drawing's edge and
// was cut ("platform-stack step 3" read "platform-stack"; the release freeze's window lost its closing words).
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';

const projector = { width: 1024, height: 768 };

export function spanLabelCases({ browser, base, full }) {
  if (!full) return [];
  const withPage = pageOpener(browser, base);
  return [
    ['?scenario=progressive-sync&present=1&t=26', 'progressive-sync at 26 s', 3],
    ['?scenario=sync-window-blocks-release&present=1', 'sync-window-blocks-release at 0', 1],
  ].map(([query, what, count]) => ({
    name: `speaker: at 1024×768 every span label over the app lanes is drawn whole inside the drawing (${what})`,
    fn: () =>
      withPage(
        query,
        async (page) => {
          await page.waitForSelector('text.al-span-label');
          await waitForSettledLayout(page);
          const labels = await page.evaluate(() =>
            [...document.querySelectorAll('text.al-span-label')].map((text) => {
              const box = text.getBoundingClientRect();
              const svg = text.ownerSVGElement.getBoundingClientRect();
              return { text: text.textContent, left: box.left - svg.left, right: svg.right - box.right };
            }),
          );
          assert.equal(labels.length, count, JSON.stringify(labels));
          const cut = labels.filter((l) => l.left < -0.5 || l.right < -0.5);
          assert.deepEqual(cut, [], 'labels running out of the drawing');
        },
        { viewport: projector },
      ),
  }));
}
