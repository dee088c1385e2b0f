// Measures the browser cases share for text a speaker or a learner must read whole: the texts under some parts of
// the page with their drawn size and whether they are cut, the width a select's option needs against the room the
// select gives it, and whether a panel hides the end of its answer (speakerCases.mjs, speakerFitCases.mjs,
// inViewCases.mjs).

/**
 * Every text under `roots` (selectors; each root itself too when `self`): its first 40 to 50 characters, its drawn
 * font size (an SVG text's times its drawing's scale, with `svgScale`) and whether it is cut. Cut is, by `cutBy`:
 * 'overflow', a box that hides part of what it holds, its own text or a child's (such a box is measured even with
 * no text of its own, at 24 px); 'ellipsis', a text that ends in "…" (a drawing's label cut to its column). Hidden
 * elements, and those inside `skip`, are left out.
 */
export function measureTexts(
  page,
  { roots, self = false, skip = '.visually-hidden', cutBy = 'overflow', svgScale = false, chars = 50 },
) {
  return page.evaluate(
    ({ roots, self, skip, cutBy, svgScale, chars }) => {
      const found = [];
      for (const selector of roots)
        for (const root of document.querySelectorAll(selector))
          for (const el of self ? [root, ...root.querySelectorAll('*')] : root.querySelectorAll('*')) {
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            if (style.display === 'none' || style.visibility === 'hidden' || box.width === 0) continue;
            if (el.closest(skip)) continue;
            const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
            const text = el.textContent.trim();
            const overflows =
              (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) ||
              (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1);
            const cut = cutBy === 'ellipsis' ? own && text.endsWith('…') : overflows;
            if (!own && !cut) continue;
            const scale = svgScale && el instanceof SVGElement ? (el.getScreenCTM()?.a ?? 1) : 1;
            found.push({
              text: text.slice(0, chars),
              size: own ? parseFloat(style.fontSize) * scale : 24,
              cut,
            });
          }
      return found;
    },
    { roots, self, skip, cutBy, svgScale, chars },
  );
}

/**
 * For each option of the select at `selector` (chosen in turn, its value only, nothing loads; the chosen one only
 * with `chosenOnly`): the width its name needs in the select's font, and the room the select gives it (its width
 * less its padding and the arrow's 20 px) and where the select ends.
 */
export function selectFits(page, selector, { chosenOnly = false } = {}) {
  return page.evaluate(
    ({ selector, chosenOnly }) => {
      const select = document.querySelector(selector);
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
      document.body.append(probe);
      const chosen = select.value;
      const found = [];
      for (const option of chosenOnly ? [select.selectedOptions[0]] : select.options) {
        select.value = option.value;
        probe.textContent = option.text;
        const box = select.getBoundingClientRect();
        found.push({
          title: option.text,
          needs: Math.ceil(probe.getBoundingClientRect().width),
          room: box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20,
          right: box.right,
        });
      }
      select.value = chosen;
      probe.remove();
      return found;
    },
    { selector, chosenOnly },
  );
}

/**
 * Whether the panel at `selector` shows its whole answer: how many px it hides (scrolled inside), and where its
 * last paragraph or list item ends against the panel's bottom.
 */
export function panelFit(page, selector) {
  return page.evaluate((selector) => {
    const panel = document.querySelector(selector);
    const last = [...panel.querySelectorAll('p, li')].at(-1).getBoundingClientRect();
    return {
      hidden: panel.scrollHeight - panel.clientHeight,
      lastBottom: Math.round(last.bottom),
      boxBottom: Math.round(panel.getBoundingClientRect().bottom),
    };
  }, selector);
}
