// @vitest-environment jsdom
import { rmSync, writeFileSync } from 'node:fs';
import { eventFixture } from '../../test/kits/eventFixture.testKit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SimEvent } from '../engine/events';
import { exportFileName, exportSvg, titleHeight } from './exportSvg';
import { countsAt } from './groups';
import { layoutTimeline, type LayoutOptions } from './layout';
import { renderTimeline, type RenderOptions } from './render';
import { serializeSvg } from '../../test/kits/serializeSvg.testKit';
import { zoomToRange } from './zoom';

const many: SimEvent[] = eventFixture('golden:many-resources');

function draw(options: Partial<RenderOptions> = {}, layoutOptions: Partial<LayoutOptions> = {}) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const layout = layoutTimeline(many, { width: 1280, ...layoutOptions });
  renderTimeline(svg, layout, { t: 0, duration: 0, ...options });
  return { svg, layout };
}

/** As in render.test.ts: compare with test/output/<name>.svg, writing <name>-changed.svg on a mismatch. */
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

const label = (svg: SVGSVGElement, key: string) =>
  svg.querySelector<SVGGElement>(`g.tl-row-label[data-key="${key}"]`)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('collapsed groups', () => {
  test('snapshot: many-resources collapsed by wave, cursor in wave 3', async () => {
    await expectSnapshot(draw({ t: 47 }).svg, 'many-resources-collapsed');
  });

  test('snapshot: many-resources with wave 3 opened', async () => {
    const { svg } = draw({ t: 47 }, { grouping: { expanded: new Set(['group:Sync:3']) } });
    await expectSnapshot(svg, 'many-resources-wave-3-open');
  });

  test('the counts at the cursor follow t, and only there', () => {
    const { svg, layout } = draw({ t: 1 });
    const counts = () =>
      svg.querySelector('g.tl-group-counts[data-key="group:Sync:3"]')!.getAttribute('data-counts');
    expect(counts()).toBe('Missing:24');
    renderTimeline(svg, layout, { t: 60, duration: 0 });
    expect(counts()).toBe('Healthy:12 none:12');
    expect(svg.querySelector('g.tl-group-counts[data-key="group:Sync:3"] title')!.textContent).toBe(
      '12 Healthy, 12 no health status',
    );
  });

  test('played frame by frame, every group shows its counts at that moment', () => {
    const { svg, layout } = draw({ t: 0 });
    const groups = layout.rows.filter((r) => r.type === 'group');
    const shown = () =>
      [...svg.querySelectorAll('g.tl-group-counts')].map((g) => g.getAttribute('data-counts'));
    const expected = (t: number) =>
      groups.map((g) =>
        countsAt(g.members, t, layout.domain[1])
          .filter((c) => c.status !== 'absent')
          .map((c) => `${c.status}:${c.count}`)
          .join(' '),
      );
    // 8× at 60 frames a second, to the end of the axis and past it, then back to the start.
    const times = [...Array.from({ length: 700 }, (_, i) => (i * 8) / 60), layout.domain[1], 3];
    for (const t of times) {
      renderTimeline(svg, layout, { t, duration: 0 });
      expect(shown(), `t ${t}`).toEqual(expected(t));
    }
  });

  test('a click on a group label, or Enter or Space on it, asks to toggle it and does not seek', () => {
    const onToggleGroup = vi.fn();
    const onSeek = vi.fn();
    const page = vi.fn();
    window.addEventListener('keydown', page);
    const { svg } = draw({ onToggleGroup, onSeek });
    const g = label(svg, 'group:Sync:3');
    expect(g.getAttribute('tabindex')).toBe('0');
    expect(g.getAttribute('role')).toBe('button');
    expect(g.getAttribute('aria-expanded')).toBe('false');
    g.querySelector('text')!.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    g.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    g.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(onToggleGroup.mock.calls).toEqual([['group:Sync:3'], ['group:Sync:3'], ['group:Sync:3']]);
    expect(onSeek).not.toHaveBeenCalled();
    // The page's own Space (play) does not hear a key meant for the group.
    expect(page).not.toHaveBeenCalled();
    window.removeEventListener('keydown', page);
  });

  test('hovering a collapsed group describes its counts and span', () => {
    const onHover = vi.fn();
    const { svg, layout } = draw({ t: 60, onHover });
    const row = layout.rows.find((r) => r.key === 'group:Sync:3')!;
    svg.dispatchEvent(new MouseEvent('pointermove', { clientX: 100, clientY: row.y + 10, bubbles: true }));
    const info = onHover.mock.calls.at(-1)![0];
    expect(info.title).toBe('Sync · wave 3: 24 rows');
    expect(info.lines[0]).toBe('at 1m: 12 Healthy, 12 no health status');
    expect(info.lines[1]).toMatch(/^first applied at 52 s, all Healthy at 55\.3 s \(3\.3 s\)$/);
  });
});

describe('zoom and export', () => {
  test('onZoom hears the zoom factor and the shown time range', () => {
    const onZoom = vi.fn();
    const { svg, layout } = draw({ onZoom });
    const { left, right } = layout.plot;
    expect(onZoom.mock.calls.at(-1)![0]).toEqual({ k: 1, domain: layout.domain, left, right });
    zoomToRange(svg, [40, 50]);
    const view = onZoom.mock.calls.at(-1)![0];
    expect(view.k).toBeCloseTo((layout.domain[1] - layout.domain[0]) / 10, 6);
    expect(view.domain[0]).toBeCloseTo(40, 6);
    expect(view.domain[1]).toBeCloseTo(50, 6);
  });

  test('a double-click resets the zoom and puts back the cursor the first click moved', () => {
    const onSeek = vi.fn();
    const { svg } = draw({ t: 12, onSeek });
    zoomToRange(svg, [40, 50]);
    svg.dispatchEvent(new MouseEvent('click', { clientX: 900, clientY: 200, bubbles: true, detail: 1 }));
    svg.dispatchEvent(new MouseEvent('click', { clientX: 900, clientY: 200, bubbles: true, detail: 2 }));
    svg.dispatchEvent(new MouseEvent('dblclick', { clientX: 900, clientY: 200, bubbles: true, detail: 2 }));
    expect(onSeek).toHaveBeenCalledTimes(2);
    expect(onSeek.mock.calls.at(-1)![0]).toBe(12);
    expect(svg.querySelector('.layer-cursor')!.getAttribute('data-t')).toBe('12');
  });

  test('the exported SVG is standalone: theme colours written in, system fonts, a title, no hover card', () => {
    const { svg, layout } = draw({ t: 47 });
    svg.dispatchEvent(new MouseEvent('pointermove', { clientX: 700, clientY: 200, bubbles: true }));
    expect(svg.querySelector('.layer-tooltip text')).not.toBeNull();
    const text = exportSvg(svg, {
      title: 'many-resources at t = 47s',
      color: '#e6edf3',
      background: '#18212b',
    });
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.querySelector('parsererror')?.textContent ?? null).toBeNull();
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.getAttribute('width'))).toBe(layout.width);
    expect(Number(root.getAttribute('height'))).toBe(layout.height + titleHeight);
    expect(root.querySelector('title')!.textContent).toBe('many-resources at t = 47s');
    expect(root.getAttribute('font-family')).toMatch(/^system-ui, .*sans-serif$/);
    expect(text).not.toMatch(/currentColor|Canvas|var\(/);
    expect(text).not.toMatch(/tabindex|cursor:/);
    expect(root.querySelector('.layer-tooltip')!.childNodes.length).toBe(0);
    expect(root.querySelector('rect')!.getAttribute('fill')).toBe('#18212b');
    // The moment is the page's: the cursor stands at 47 s.
    expect(root.querySelector('.layer-cursor')!.getAttribute('data-t')).toBe('47');
    expect(
      [...root.querySelectorAll('text')].some((t) => t.textContent === 'many-resources at t = 47s'),
    ).toBe(true);
    // The page's drawing is untouched.
    expect(svg.querySelector('.layer-tooltip text')).not.toBeNull();
  });

  test('without a title the drawing is exported alone, as the recorder draws it under its own header', () => {
    const { svg, layout } = draw({ t: 47 });
    const text = exportSvg(svg, { color: '#1b2430', background: '#ffffff' });
    const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    expect(Number(root.getAttribute('height'))).toBe(layout.height);
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${layout.width} ${layout.height}`);
    expect(root.querySelector(':scope > title')).toBeNull();
    // The drawing starts at the top: no band above it, no shift.
    expect(root.querySelector(':scope > g')!.hasAttribute('transform')).toBe(false);
    expect(root.querySelector('.layer-cursor')!.getAttribute('data-t')).toBe('47');
  });

  test('export file names are <scenario>-t<seconds>', () => {
    expect(exportFileName('many-resources', 35.8251, 'svg')).toBe('many-resources-t35.8.svg');
    expect(exportFileName('three-tier', 20, 'png')).toBe('three-tier-t20.png');
    expect(exportFileName('a b/c', 0, 'png')).toBe('a-b-c-t0.png');
  });
});
