// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import type { SimEvent } from '../../engine/events';
import { exportSvg } from '../exportSvg';
import { layoutTimeline } from '../layout';
import { renderTimeline, withCursorInside } from '../render';

const events: SimEvent[] = JSON.parse(readFileSync('test/fixtures/events/three-tier-sync.json', 'utf8'));
const layout = layoutTimeline(events, { width: 1280 });
const x = (t: number) =>
  layout.plot.left +
  ((t - layout.domain[0]) / (layout.domain[1] - layout.domain[0])) * (layout.plot.right - layout.plot.left);

afterEach(() => {
  document.body.innerHTML = '';
});

function draw(t: number) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const overlay = document.createElement('div');
  document.body.append(svg, overlay);
  renderTimeline(svg, layout, { t, duration: 0, overlay });
  return {
    svg,
    overlay,
    move: (next: number) => renderTimeline(svg, layout, { t: next, duration: 0, overlay }),
  };
}

test('with an overlay the cursor is drawn over the svg, at its time, and not in it', () => {
  const { svg, overlay } = draw(20);
  const now = overlay.querySelector<HTMLElement>('.tl-now')!;
  // The overlay's clip starts at the plot's left edge (no pin), so the cursor stands x(20) - left into it.
  expect(now.style.transform).toBe(`translateX(${Math.round(x(20)) - layout.plot.left}px)`);
  expect(now.querySelector('.tl-now-box')!.textContent).toBe('20s');
  expect(now.dataset.t).toBe('20');
  expect(overlay.querySelector<HTMLElement>('.tl-future')!.style.transform).toBe(
    `translateX(${Math.round(x(20)) - layout.plot.left}px)`,
  );
  expect(svg.querySelector('.layer-cursor')!.childElementCount).toBe(0);
});

test('a new t moves the cursor and the veil by their transforms and writes the time, and nothing else', () => {
  const { overlay, move } = draw(20);
  const observer = new MutationObserver(() => undefined);
  observer.observe(overlay, { subtree: true, attributes: true, childList: true, characterData: true });
  move(30);
  const changed = new Set(
    observer
      .takeRecords()
      .map(
        (r) =>
          `${(r.target.nodeType === 3 ? r.target.parentElement! : (r.target as Element)).className}:${r.attributeName ?? r.type}`,
      ),
  );
  observer.disconnect();
  expect([...changed].sort()).toEqual([
    'tl-future:style',
    // The time's text node changes in place (setText.ts), not replaced by a new one the browser lays out.
    'tl-now-box:characterData',
    'tl-now:data-t',
    'tl-now:style',
  ]);
  expect(overlay.querySelector('.tl-now-box')!.textContent).toBe('30s');
  expect(overlay.querySelector<HTMLElement>('.tl-now')!.style.transform).toBe(
    `translateX(${Math.round(x(30)) - layout.plot.left}px)`,
  );
});

test('an export taken with the overlay shows the cursor at its time, and the page keeps it in the overlay', () => {
  const { svg } = draw(20);
  const text = withCursorInside(svg, () => exportSvg(svg, { color: '#000', background: '#fff' }));
  expect(text).toMatch(/<g class="tl-now"[^>]*>.*20s<\/text>/s);
  expect(svg.querySelector('.layer-cursor')!.childElementCount).toBe(0);
  // A second export at the same moment draws it again (the mark does not think it is still there).
  const again = withCursorInside(svg, () => exportSvg(svg, { color: '#000', background: '#fff' }));
  expect(again).toContain('20s</text>');
});
