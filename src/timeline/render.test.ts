// @vitest-environment jsdom
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SimEvent } from '../engine/events';
import { layoutTimeline } from './layout';
import { renderTimeline, type RenderOptions } from './render';
import { serializeSvg } from '../../test/kits/serializeSvg.testKit';
import type { ObjectRow, TimelineLayout } from './types';
import { resetZoom, zoomToRange } from './zoom';

function fixture(name: string): SimEvent[] {
  return JSON.parse(readFileSync(`test/fixtures/events/${name}.json`, 'utf8'));
}

function draw(events: SimEvent[], options: Partial<RenderOptions> = {}) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const layout = layoutTimeline(events, { width: 1280 });
  renderTimeline(svg, layout, { t: 0, duration: 0, ...options });
  return { svg, layout };
}

/**
 * Compares the drawing with test/output/<name>.svg (rounded to 0.1 px, ids re-numbered). On a mismatch the new
 * drawing is written beside it as <name>-changed.svg, to open in a browser; `vitest -u` accepts it.
 */
async function expectSnapshot(svg: SVGSVGElement, name: string): Promise<void> {
  const text = serializeSvg(svg).replace(/timeline-\d+-/g, 'timeline-');
  const changed = `test/output/${name}-changed.svg`;
  try {
    await expect(text).toMatchFileSnapshot(`../../test/output/${name}.svg`);
    rmSync(changed, { force: true });
  } catch (error) {
    writeFileSync(changed, text);
    throw error;
  }
}

/** Where virtual time `t` is on screen at zoom 1. */
function xOf(layout: TimelineLayout, t: number): number {
  const { left, right } = layout.plot;
  return left + ((right - left) * (t - layout.domain[0])) / (layout.domain[1] - layout.domain[0]);
}

function rowY(layout: TimelineLayout, label: string): number {
  const row = layout.rows.find((r): r is ObjectRow => r.type === 'object' && r.label === label)!;
  return row.y + row.height / 2;
}

// jsdom has no layout: d3.pointer reads client coordinates as SVG coordinates.
function pointer(svg: SVGSVGElement, type: string, x: number, y: number): void {
  svg.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('snapshots', () => {
  test('a deny sync window shaded behind the rows of three-tier, from 20 s to 45 s', async () => {
    const windows = [
      { key: 'w', t0: 20, t1: 45, kind: 'deny' as const, label: 'deny window */5 * * * * 25s (freeze)' },
    ];
    await expectSnapshot(draw(fixture('three-tier-sync'), { t: 30, windows }).svg, 'three-tier-sync-window');
  });

  test('three-tier sync, cursor in wave 1', async () => {
    await expectSnapshot(draw(fixture('three-tier-sync'), { t: 30 }).svg, 'three-tier-sync');
  });

  test('failing PreSync migration with a SyncFail hook', async () => {
    await expectSnapshot(
      draw(fixture('presync-migration-fails'), { t: 37.1 }).svg,
      'presync-migration-fails',
    );
  });

  test('failing PostSync smoke test after a prune', async () => {
    await expectSnapshot(
      draw(fixture('postsync-smoke-test-fails'), { t: 50 }).svg,
      'postsync-smoke-test-fails',
    );
  });

  test('zoomed into the PostSync phase, hovering the failed smoke test', async () => {
    const { svg, layout } = draw(fixture('postsync-smoke-test-fails'), { t: 50 });
    zoomToRange(svg, [38, 73]);
    pointer(svg, 'pointermove', 1100, rowY(layout, 'Job/smoke-test'));
    await expectSnapshot(svg, 'postsync-smoke-test-fails-zoomed');
  });
});

describe('style', () => {
  test('text takes the page colour and is at least 12 px, for light and dark themes and projectors', () => {
    const { svg } = draw(fixture('postsync-smoke-test-fails'), { t: 50 });
    pointer(svg, 'pointermove', 700, 200);
    const texts = [...svg.querySelectorAll('text')];
    expect(texts.length).toBeGreaterThan(40);
    expect(texts.every((el) => el.getAttribute('fill') === 'currentColor')).toBe(true);
    const sizes = [...svg.querySelectorAll('[font-size]')].map((el) => Number(el.getAttribute('font-size')));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  });

  test('each health status has its own texture as well as its colour', () => {
    const { svg } = draw(fixture('postsync-smoke-test-fails'));
    const fills = new Map(
      [...svg.querySelectorAll('rect.tl-segment')].map((r) => [
        r.getAttribute('data-status'),
        r.getAttribute('fill'),
      ]),
    );
    expect(fills.get('Healthy')).toBe('#18be94');
    expect(fills.get('Progressing')).toMatch(/^url\(#timeline-\d+-Progressing\)$/);
    expect(fills.get('Degraded')).toMatch(/^url\(#timeline-\d+-Degraded\)$/);
    expect(svg.querySelector('pattern[id$="-Degraded"]')!.getAttribute('patternTransform')).toBe(
      'rotate(45)',
    );
  });
});

describe('interaction', () => {
  test('hovering a bar shows the object, its health and its sync result at that moment', () => {
    const onHover = vi.fn();
    const { svg, layout } = draw(fixture('postsync-smoke-test-fails'), { t: 50, onHover });
    pointer(svg, 'pointermove', xOf(layout, 23.3), rowY(layout, 'Deployment/backend'));
    const card = [...svg.querySelectorAll('.layer-tooltip text')].map((t) => t.textContent).join(' ');
    expect(card).toContain('Deployment/backend');
    expect(card).toContain('default · Sync · wave 1 · at 23.3s');
    expect(card).toContain('health: Progressing (Waiting for rollout to finish: 0 out of 2 new replicas');
    expect(card).toContain('result: Synced · hookPhase: Running');
    expect(onHover).toHaveBeenLastCalledWith(
      expect.objectContaining({ rowKey: 'apps/Deployment/default/backend', t: 23.3 }),
    );
  });

  test('hovering a row label describes it at the cursor time', () => {
    const onHover = vi.fn();
    const { svg, layout } = draw(fixture('presync-migration-fails'), { t: 30, onHover });
    pointer(svg, 'pointermove', 40, rowY(layout, 'Job/migrate'));
    expect(onHover).toHaveBeenLastCalledWith(
      expect.objectContaining({
        t: 30,
        lines: expect.arrayContaining([
          'health: Degraded (Job has reached the specified backoff limit)',
          'result: Synced · hookPhase: Failed',
        ]),
      }),
    );
  });

  test('onHover hears of changes only, not of every frame', () => {
    const onHover = vi.fn();
    const { svg, layout } = draw(fixture('three-tier-sync'), { onHover });
    for (const t of [1, 2, 3]) renderTimeline(svg, layout, { t, duration: 0, onHover });
    expect(onHover).not.toHaveBeenCalled();
    pointer(svg, 'pointermove', xOf(layout, 10), rowY(layout, 'Job/migrate'));
    renderTimeline(svg, layout, { t: 4, duration: 0, onHover });
    expect(onHover).toHaveBeenCalledTimes(1);
  });

  test('leaving the timeline hides the card', () => {
    const onHover = vi.fn();
    const { svg, layout } = draw(fixture('three-tier-sync'), { onHover });
    pointer(svg, 'pointermove', xOf(layout, 10), rowY(layout, 'Job/migrate'));
    svg.dispatchEvent(new MouseEvent('pointerleave'));
    expect(svg.querySelector('.layer-tooltip')!.getAttribute('display')).toBe('none');
    expect(onHover).toHaveBeenLastCalledWith(null);
  });

  test('clicking the plot seeks to the virtual time under the pointer; the label column does not', () => {
    const onSeek = vi.fn();
    const { svg, layout } = draw(fixture('three-tier-sync'), { onSeek });
    pointer(svg, 'click', xOf(layout, 20), 150);
    expect(onSeek).toHaveBeenCalledTimes(1);
    expect(onSeek.mock.calls[0][0]).toBeCloseTo(20, 6);
    pointer(svg, 'click', 20, 150);
    expect(onSeek).toHaveBeenCalledTimes(1);
  });

  test('zooming stretches time only, and a click then seeks in the zoomed time', () => {
    const onSeek = vi.fn();
    const { svg, layout } = draw(fixture('three-tier-sync'), { onSeek });
    const bar = svg.querySelector('rect.tl-segment[data-key="apps/Deployment/default/backend#3"]')!;
    const before = { x: Number(bar.getAttribute('x')), y: bar.getAttribute('y') };
    zoomToRange(svg, [30, 40]);
    expect(Number(bar.getAttribute('x'))).toBeCloseTo(
      layout.plot.left + (8.8 / 10) * (layout.plot.right - layout.plot.left),
      6,
    );
    expect(bar.getAttribute('y')).toBe(before.y);
    expect([...svg.querySelectorAll('.tl-tick')].map((t) => t.textContent)).toEqual([
      '30s',
      '32s',
      '34s',
      '36s',
      '38s',
      '40s',
    ]);
    pointer(svg, 'click', (layout.plot.left + layout.plot.right) / 2, 150);
    expect(onSeek.mock.calls[0][0]).toBeCloseTo(35, 6);
    resetZoom(svg);
    expect(Number(bar.getAttribute('x'))).toBeCloseTo(before.x, 6);
  });
});

describe('updates', () => {
  test('a new t moves only the cursor', () => {
    const { svg, layout } = draw(fixture('three-tier-sync'), { t: 10 });
    const bars = svg.querySelector('.layer-segments')!.innerHTML;
    const bar = svg.querySelector('rect.tl-segment');
    renderTimeline(svg, layout, { t: 40, duration: 0 });
    expect(svg.querySelector('.tl-now text')!.textContent).toBe('40s');
    expect(svg.querySelector('.layer-segments')!.innerHTML).toBe(bars);
    expect(svg.querySelector('rect.tl-segment')).toBe(bar);
  });

  test('a longer log keeps the drawn elements of the same objects and adds the new ones', () => {
    const events = fixture('three-tier-sync');
    const { svg } = draw(events.filter((e) => e.t < 20));
    const migrate = svg.querySelector('g.tl-row-label[data-key="batch/Job/default/migrate"]');
    expect(svg.querySelector('g.tl-row-label[data-key="batch/Job/default/smoke-test"]')).toBeNull();
    renderTimeline(svg, layoutTimeline(events, { width: 1280 }), { t: 0, duration: 0 });
    expect(svg.querySelector('g.tl-row-label[data-key="batch/Job/default/migrate"]')).toBe(migrate);
    expect(svg.querySelector('g.tl-row-label[data-key="batch/Job/default/smoke-test"]')).not.toBeNull();
  });

  test('a layout change moves bars smoothly over the transition', async () => {
    const events = fixture('three-tier-sync');
    const { svg } = draw(events);
    const bar = svg.querySelector('rect.tl-segment[data-key="apps/Deployment/default/backend#3"]')!;
    const from = Number(bar.getAttribute('x'));
    const wider = layoutTimeline(events, { width: 1280, endT: 130 });
    renderTimeline(svg, wider, { t: 0, duration: 120 });
    expect(Number(bar.getAttribute('x'))).toBe(from);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const midway = Number(bar.getAttribute('x'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const to = wider.segments.find((s) => s.key === 'apps/Deployment/default/backend#3')!.x0;
    expect(Number(bar.getAttribute('x'))).toBeCloseTo(to, 6);
    expect(midway).toBeLessThan(from);
    expect(midway).toBeGreaterThanOrEqual(to);
  });
});

describe('the axis while the drawing pans under the pinned row labels (a phone)', () => {
  const ticks = (svg: SVGSVGElement) =>
    [...svg.querySelectorAll<SVGTextElement>('text.tl-tick')].map((t) => ({
      x: Number(t.getAttribute('x')),
      label: t.textContent,
      hidden: t.getAttribute('visibility') === 'hidden',
    }));

  test('hides a tick label that reaches past the pinned labels, where the bars are cut, and only there', () => {
    const { svg, layout } = draw(fixture('three-tier-sync'), { t: 2, pin: 200 });
    const edge = layout.plot.left + 200;
    const shown = ticks(svg);
    // Half a label's width: two or three characters of 12 px type, at most 11 px each side of its centre.
    const under = shown.filter((t) => t.x < edge);
    const clear = shown.filter((t) => t.x > edge + 20 && t.x < layout.plot.right - 40);
    expect(under.length).toBeGreaterThan(0);
    expect(clear.length).toBeGreaterThan(0);
    expect(under.filter((t) => !t.hidden).map((t) => t.label)).toEqual([]);
    expect(clear.filter((t) => t.hidden).map((t) => t.label)).toEqual([]);
  });

  test('unpinned, the 0 s tick keeps its place half over the row labels', () => {
    const { svg } = draw(fixture('three-tier-sync'), { t: 50 });
    expect(ticks(svg).find((t) => t.label === '0s')?.hidden).toBe(false);
  });

  test('a phase keeps its name at the left of the part of its band in view, also after a pan', () => {
    const { svg, layout } = draw(fixture('three-tier-sync'));
    const sync = () => svg.querySelector<SVGTextElement>('text.tl-band-label:nth-of-type(2)')!;
    expect(sync().textContent).toBe('Sync');
    // The band's start, where its name stands unpanned.
    const start = Number(svg.querySelector('rect.tl-band[data-phase="Sync"]')!.getAttribute('x'));
    expect(Number(sync().getAttribute('x'))).toBeCloseTo(start + 4, 1);
    // Panned so that the band's start is 300 px under the pinned labels (a phone's drawing panned to the cursor):
    // the name moves to the edge of the labels, where it is read, instead of staying hidden under them.
    const pin = start - layout.plot.left + 300;
    renderTimeline(svg, layout, { t: 0, duration: 0, pin });
    expect(Number(sync().getAttribute('x'))).toBeCloseTo(layout.plot.left + pin + 4, 1);
    expect(sync().getAttribute('display')).toBeNull();
  });
});
