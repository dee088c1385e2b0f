// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { SimEvent } from '../../engine/events';
import { layoutTimeline } from '../layout';
import { renderTimeline } from '../render';

const events: SimEvent[] = JSON.parse(readFileSync('test/fixtures/events/three-tier-sync.json', 'utf8'));
const layout = layoutTimeline(events, { width: 1280 });
const secondsPerPixel = (layout.domain[1] - layout.domain[0]) / (layout.plot.right - layout.plot.left);

function draw(t: number) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  renderTimeline(svg, layout, { t, duration: 0 });
  return {
    svg,
    move: (next: number) => renderTimeline(svg, layout, { t: next, duration: 0 }),
    position: () => svg.querySelector('g.tl-now')!.getAttribute('transform'),
  };
}

test('a move of a fraction of a pixel with the same time label leaves the drawing alone', () => {
  const t = 20.01;
  const { svg, move, position } = draw(t);
  const before = position();
  move(t + secondsPerPixel / 10);
  expect(position()).toBe(before);
  expect(Number(svg.querySelector('.layer-cursor')!.getAttribute('data-t'))).toBeCloseTo(
    t + secondsPerPixel / 10,
  );
});

test('a move of a whole pixel redraws the cursor', () => {
  const { move, position } = draw(20.01);
  const before = position();
  move(20.01 + 1.5 * secondsPerPixel);
  expect(position()).not.toBe(before);
});

test('a move to another time label redraws the cursor, however small', () => {
  const { svg, move } = draw(20.04);
  expect(svg.querySelector('.tl-now text')!.textContent).toBe('20s');
  move(20.06);
  expect(svg.querySelector('.tl-now text')!.textContent).toBe('20.1s');
});
