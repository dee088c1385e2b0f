// Browser cases of the status cards in presenter mode (issue 32, "a second pair of eyes"): at a projector's
// 1024×768, sync-window-blocks-release opens Progressing, and at 24 px that word ran out of the App Health card
// under the Sync Status card beside it ("Progressin" in its own card, the "g" under the next). The same check runs
// on the presenter pages other cases open at their moment (speakerCases.mjs: failing-migration at 9.718 s and
// progressive-sync at 0 at 1024×768; speakerFitCases.mjs: progressive-sync at 0 on a phone), one load each.
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';

/** Asserts that every word of the status cards (their titles, values and times) stays inside its card, whole. */
export async function assertCardWordsInside(page) {
  const outside = await page.evaluate(() => {
    const found = [];
    for (const card of document.querySelectorAll('main > .status .card')) {
      const box = card.getBoundingClientRect();
      for (const el of card.querySelectorAll('.value, .value *, h2, .when, .when *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        // Cut: a box that hides part of its words (an ellipsis is drawn only then).
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
          found.push(`${el.textContent.trim()}: cut`);
        if (r.right > box.right + 0.5 || r.left < box.left - 0.5)
          found.push(
            `${el.textContent.trim()}: ${r.left.toFixed(0)}-${r.right.toFixed(0)} in ${box.left.toFixed(0)}-${box.right.toFixed(0)}`,
          );
      }
    }
    return found;
  });
  assert.deepEqual(outside, [], "the status cards' words running out of their card");
}

/** What a case says it checks when it runs `assertCardWordsInside` on its page too. */
export const cardWordsInside = "every status card's words stay inside their card, whole";

export function statusCardFitCases({ browser, base, full }) {
  if (!full) return [];
  const withPage = pageOpener(browser, base);
  const projector = { width: 1024, height: 768 };
  const phone = { width: 390, height: 844 };
  return [
    [
      '?scenario=sync-window-blocks-release&present=1',
      'sync-window-blocks-release at 0, Progressing',
      projector,
    ],
    // On a phone the titles named the Application in every card and were cut: "APP HEALTH · sto…".
    ['?scenario=sync-window-blocks-release&present=1', 'sync-window-blocks-release at 0', phone],
  ].map(([query, what, viewport]) => ({
    name: `speaker: at ${viewport.width}×${viewport.height} ${cardWordsInside} (${what})`,
    fn: () =>
      withPage(
        query,
        async (page) => {
          await waitForSettledLayout(page);
          await assertCardWordsInside(page);
        },
        { viewport },
      ),
  }));
}
