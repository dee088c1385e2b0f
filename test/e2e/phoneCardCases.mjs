// Browser cases for issue 32's findings on a 390×844 phone in the status cards, and presenter mode's stop caption
// drawn once: each at the size the finding was made at, each written to fail on the page before its fix.
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout, waitForStatus } from './pageHelpers.mjs';

const phone = { width: 390, height: 844 };

/**
 * A status card's message at the card: the empty height under its last line of text (to the card's padding), how
 * much of it is scrolled out of sight, and whether every line of its text is drawn inside the card.
 */
function messageInCard(page, selector) {
  return page.evaluate((selector) => {
    const message = document.querySelector(selector);
    const card = message.closest('.card');
    const range = document.createRange();
    range.selectNodeContents(message);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0);
    const box = card.getBoundingClientRect();
    const style = getComputedStyle(card);
    const inner = box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
    const textBottom = Math.max(...lines.map((r) => r.bottom));
    return {
      text: message.textContent.trim(),
      lineHeight: lines[0]?.height ?? 0,
      emptyUnder: inner - textBottom,
      hidden: message.scrollHeight - message.clientHeight,
      outside: lines.filter((r) => r.right > box.right + 0.5 || r.bottom > inner + 0.5).length,
    };
  }, selector);
}

export function phoneCardCases({ browser, base, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  // failed-degraded's App Health card is read on the same page at its end (one load): the cause names its object.
  const causeWhole = {
    says: "App Health's cause shows its object's whole name inside the card",
    async check(page) {
      const cause = await messageInCard(page, '.card .app-message');
      assert.equal(cause.text, 'Caused by apps/Deployment:three-tier/backend-api', "App Health's cause");
      assert.equal(cause.hidden, 0, `the cause hides ${cause.hidden} px of its text`);
      assert.equal(cause.outside, 0, 'lines of the cause drawn outside its card');
    },
  };

  for (const [scenario, ends, more] of [
    ['failed-degraded', { 'operation-phase': 'Failed', 'health-status': 'Degraded' }, [causeWhole]],
    ['three-tier', { 'operation-phase': 'Succeeded', 'health-status': 'Healthy' }, []],
  ])
    test(`phone: at 390×844 the Last Sync card keeps no empty line under its message${more.map((m) => `, and ${m.says}`).join('')} (${scenario} at its end)`, () =>
      withPage(
        `?scenario=${scenario}`,
        async (page) => {
          await page.keyboard.press('End');
          await waitForStatus(page, ends);
          await waitForSettledLayout(page);
          const message = await messageInCard(page, '[data-testid="operation-message"]');
          assert.ok(message.text.length > 0, 'no operation message at the end');
          assert.equal(message.hidden, 0, `the message hides ${message.hidden} px: ${message.text}`);
          assert.ok(
            message.emptyUnder < message.lineHeight / 2,
            `${message.emptyUnder} px empty under "${message.text}" (a line is ${message.lineHeight} px)`,
          );
          for (const { check } of more) await check(page);
        },
        { viewport: phone },
      ));

  // Presenter mode's stop caption is one element at every size (it was two, one of them hidden by each size's
  // styles): beside the counter under 760 px of height, a line of its own at 24 px on a projector's 1024×768.
  for (const [viewport, where] of [
    [{ width: 1024, height: 768 }, 'a line of its own, 24 px'],
    [{ width: 1280, height: 720 }, 'beside the counter'],
  ])
    test(`presenter: the stop caption is rendered once at ${viewport.width}×${viewport.height}, ${where}`, () =>
      withPage(
        '?scenario=failing-migration&present=1&t=9.718',
        async (page) => {
          await page.waitForSelector('[data-testid="stop-caption"]', { state: 'attached' });
          await waitForSettledLayout(page);
          const lines = await page.evaluate(() =>
            [...document.querySelectorAll('[data-testid="stop-line"]')].map((line) => ({
              shown: getComputedStyle(line).display !== 'none',
              besideCounter: [...line.parentElement.children].some(
                (c) => c.dataset.testid === 'beat-counter',
              ),
              size: parseFloat(getComputedStyle(line).fontSize),
              text: line.textContent.trim(),
            })),
          );
          assert.equal(lines.length, 1, `${lines.length} stop lines: ${JSON.stringify(lines)}`);
          const [line] = lines;
          assert.ok(line.shown, 'the stop line is hidden');
          assert.ok(line.text.length > 0, 'the stop line says nothing at 9.718 s');
          if (viewport.height < 760) assert.ok(line.besideCounter, 'the caption is not beside the counter');
          else {
            assert.ok(!line.besideCounter, 'the caption is beside the counter, not a line of its own');
            assert.ok(line.size >= 24, `the caption is ${line.size} px`);
          }
        },
        { viewport },
      ));

  return cases;
}
