import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../engine/events';
import { layoutTimeline } from '../../timeline/layout';
import {
  appLanesScale,
  laneGap,
  laneHeight,
  minRowHeight,
  presenterFit,
  presenterFontSize,
  roomyRowHeight,
  timelineFixedHeight,
} from './presenterType';

const eventsOf = (scenario: string) =>
  readFileSync(new URL(`../../../test/output/${scenario}.events.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SimEvent)
    .filter((e) => e.t >= 0);

/** The height the status lanes and the timeline take at a fit: what must not exceed the box. */
function used(fit: { fontSize: number; rowHeight: number }, rows: number, between = 5) {
  return (
    3 * (laneHeight(fit.fontSize) + laneGap) +
    between +
    timelineFixedHeight(fit.fontSize) +
    rows * fit.rowHeight
  );
}

describe('presenterFontSize', () => {
  it('is at least 18 px on a projector and a laptop, larger on a big screen, never huge', () => {
    expect(presenterFontSize(1280, 720)).toBeGreaterThanOrEqual(18);
    expect(presenterFontSize(1024, 768)).toBe(18);
    expect(presenterFontSize(1920, 1080)).toBeGreaterThan(presenterFontSize(1280, 720));
    expect(presenterFontSize(1920, 1080)).toBe(24);
    expect(presenterFontSize(3840, 2160)).toBe(24);
    expect(presenterFontSize(0, 0)).toBe(18);
  });
});

describe('timelineFixedHeight', () => {
  it("is a drawn timeline's height apart from its rows, whatever the rows' height and the run", () => {
    for (const scenario of ['many-resources', 'failing-migration', 'three-tier']) {
      for (const [fontSize, rowHeight] of [
        [18, 20],
        [18, 23],
        [20, 26],
        [22, 29],
      ]) {
        const layout = layoutTimeline(eventsOf(scenario), {
          width: 1200,
          fontSize,
          rowHeight,
          legend: false,
        });
        expect(layout.height - layout.rows.length * rowHeight).toBe(timelineFixedHeight(fontSize));
      }
    }
  });
});

describe('presenterFit', () => {
  const room = { between: 5, lanes: 3 };
  it('keeps roomy rows at the screen’s text size when they fit, and before the box is measured', () => {
    expect(presenterFit(18)).toEqual({ fontSize: 18, rowHeight: roomyRowHeight(18) });
    expect(presenterFit(20, { ...room, height: 0, rows: 10 })).toEqual({ fontSize: 20, rowHeight: 32 });
    expect(presenterFit(18, { ...room, height: 700, rows: 8 })).toEqual({ fontSize: 18, rowHeight: 29 });
    expect(roomyRowHeight(18)).toBeLessThan(2 * 18);
  });
  it('shrinks the rows until the lanes and the timeline fit the box', () => {
    // many-resources, grouped: fifteen rows, in the box 1280×720 leaves.
    const fit = presenterFit(18, { ...room, height: 560, rows: 15 });
    expect(fit.fontSize).toBe(18);
    expect(fit.rowHeight).toBeLessThan(roomyRowHeight(18));
    expect(fit.rowHeight).toBeGreaterThanOrEqual(minRowHeight(18));
    expect(used(fit, 15)).toBeLessThanOrEqual(560);
    expect(used({ ...fit, rowHeight: fit.rowHeight + 1 }, 15)).toBeGreaterThan(560);
  });
  it('takes the text down towards 18 px before the rows get too tight for it', () => {
    // A 1280×800 screen asks for 20 px; fifteen rows of it do not fit, of 19 or 18 px they do.
    const fit = presenterFit(20, { ...room, height: 570, rows: 15 });
    expect(fit.fontSize).toBeLessThan(20);
    expect(fit.fontSize).toBeGreaterThanOrEqual(18);
    expect(fit.rowHeight).toBeGreaterThanOrEqual(minRowHeight(fit.fontSize));
    expect(used(fit, 15)).toBeLessThanOrEqual(570);
  });
  it('never goes below 18 px text in rows that keep its lines apart: then the box scrolls', () => {
    expect(presenterFit(20, { ...room, height: 500, rows: 40 })).toEqual({
      fontSize: 18,
      rowHeight: minRowHeight(18),
    });
    expect(minRowHeight(18)).toBeGreaterThan(18);
  });
});

describe('appLanesScale', () => {
  it("draws the Applications' 12 px lanes at the presenter's text size when they fit", () => {
    expect(appLanesScale(18)).toBe(1.5);
    expect(appLanesScale(18, { height: 500, between: 50, drawn: 250 })).toBe(1.5);
    expect(appLanesScale(22, { height: 700, between: 50, drawn: 250 })).toBe(1.8);
  });
  it('draws them smaller when they would be taller than the box, never smaller than the page', () => {
    const scale = appLanesScale(18, { height: 380, between: 50, drawn: 250 });
    expect(scale).toBeLessThan(1.5);
    expect(250 * scale).toBeLessThanOrEqual(380 - 50);
    expect(appLanesScale(18, { height: 200, between: 50, drawn: 250 })).toBe(1);
  });
});
