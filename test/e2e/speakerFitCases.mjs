// Browser cases for what a speaker on a 1024×768 projector and a learner on a 390×844 phone still saw cut or
// covered (issue 32, a second look): each at the size it was seen at, each written to fail on the page before its fix.
import assert from 'node:assert/strict';
import { pageOpener, waitForSettledLayout } from './pageHelpers.mjs';

const projector = { width: 1024, height: 768 };

/**
 * For every scenario of the picker, chosen in turn (the select's value only, nothing loads): the width its name
 * needs in the select's font and the room the select gives it (its width less its padding and the arrow's 20 px).
 */
function pickerFits(page) {
  return page.evaluate(async () => {
    const select = document.querySelector('[data-testid="scenario-picker"]');
    const style = getComputedStyle(select);
    const probe = document.createElement('span');
    probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
    document.body.append(probe);
    const chosen = select.value;
    const found = [];
    for (const option of select.options) {
      select.value = option.value;
      probe.textContent = option.text;
      const box = select.getBoundingClientRect();
      const room = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      found.push({
        title: option.text,
        needs: Math.ceil(probe.getBoundingClientRect().width),
        room,
        right: box.right,
      });
    }
    select.value = chosen;
    probe.remove();
    return found;
  });
}

export function speakerFitCases({ browser, base, full }) {
  if (!full) return [];
  const cases = [];
  const test = (name, fn) => cases.push({ name, fn });
  const withPage = pageOpener(browser, base);

  test('speaker fit: at 1024×768 the scenario picker shows every scenario name whole, inside the window', () =>
    withPage(
      '?scenario=failing-migration',
      async (page) => {
        const fits = await pickerFits(page);
        assert.ok(fits.length > 15, `the picker offers ${fits.length} scenarios`);
        const cut = fits.filter((f) => f.needs > f.room || f.right > projector.width);
        assert.deepEqual(cut, [], 'names the picker cuts ("A release wit…")');
      },
      { viewport: projector },
    ));

  return cases;
}
