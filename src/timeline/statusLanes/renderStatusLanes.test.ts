// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { expectSvgSnapshot } from '../../../test/kits/svgSnapshot.testKit';
import type { SimEvent } from '../../engine/events';
import { lanesOf } from '../../cursor/lanesOf';
import { statusLook } from '../statusLook';
import { layoutTimeline } from '../layout';
import { layoutStatusLanes, type StatusLanesLayout } from './layoutStatusLanes';
import { renderStatusLanes, type StatusLanesRenderOptions } from './renderStatusLanes';

const events: SimEvent[] = JSON.parse(
  readFileSync('test/fixtures/events/presync-migration-fails.json', 'utf8'),
);
const endT = Math.max(...events.map((e) => e.t)) + 2;

/** The page's three lanes of the fixture's run, laid out over the resource timeline's plot at 1280 px. */
function layoutOf(domain: [number, number] = [0, endT]): StatusLanesLayout {
  const plot = layoutTimeline(events, { width: 1280, endT }).plot;
  const lanes = lanesOf(events, endT).map((lane) => ({
    ...lane,
    segments: lane.segments.map((s) => ({ ...s, ...statusLook(s.value) })),
  }));
  return layoutStatusLanes(lanes, { width: 1280, plot, domain, endT, laneHeight: 26, gap: 5, fontSize: 14 });
}

function draw(layout: StatusLanesLayout, options: StatusLanesRenderOptions) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  renderStatusLanes(svg, layout, options);
  return svg;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('status lanes snapshots', () => {
  test('a failing PreSync migration, cursor at 20 s', async () => {
    await expectSvgSnapshot(draw(layoutOf(), { t: 20 }), 'status-lanes-presync-migration-fails');
  });

  test('revealed up to 10 s and pinned 40 px on a phone', async () => {
    await expectSvgSnapshot(
      draw(layoutOf(), { t: 10, revealUntil: 10, pin: 40 }),
      'status-lanes-presync-migration-fails-revealed',
    );
  });
});

describe('status lanes', () => {
  test('say each lane’s value at the cursor in the drawing’s accessible name', () => {
    const svg = draw(layoutOf(), { t: 20 });
    // At 20 s the PreSync migration is still running: nothing is applied yet.
    expect(svg.getAttribute('aria-label')).toBe(
      'Status lanes at the cursor: Operation: Running, Sync status: OutOfSync, App health: Missing',
    );
  });

  // Issue 32: the name held the time, so it was written on every frame while playing.
  test('a new cursor moves the cursor only: no bar, and no accessible name whose values did not change', () => {
    const layout = layoutOf();
    const svg = draw(layout, { t: 20 });
    const observer = new MutationObserver(() => {});
    observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    renderStatusLanes(svg, layout, { t: 25 });
    const touched = observer
      .takeRecords()
      .map(
        (r) =>
          `${(r.target as Element).getAttribute('class') ?? (r.target as Element).tagName} ${r.attributeName}`,
      );
    expect(touched).toEqual(['cursor style']);
    // Once a lane's value changes (the migration fails at about 50 s), the name says so.
    renderStatusLanes(svg, layout, { t: 60 });
    expect(svg.getAttribute('aria-label')).not.toContain('Operation: Running');
  });

  test('zoomed, a bar that starts before the view is cut at the plot’s left edge', () => {
    const layout = layoutOf([10, 30]);
    const bars = layout.lanes.flatMap((lane) => lane.bars);
    expect(Math.min(...bars.map((b) => b.x0))).toBe(layout.plot.left);
    expect(Math.max(...bars.map((b) => b.x1))).toBe(layout.plot.right);
  });
});
