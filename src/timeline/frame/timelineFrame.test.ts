// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { timelineFrame } from './timelineFrame';

function svgElement(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  return svg;
}

/** The attribute and style changes made to `svg` while `act` runs (MutationObserver's records, flushed). */
function changesDuring(svg: SVGSVGElement, act: () => void): string[] {
  const observer = new MutationObserver(() => {});
  observer.observe(svg, { subtree: true, attributes: true, childList: true });
  act();
  const records = observer.takeRecords();
  observer.disconnect();
  return records.map((r) => `${(r.target as Element).tagName} ${r.attributeName ?? r.type}`);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the timeline frame', () => {
  test('two drawings on one page get their own ids, patterns and clip, so neither paints with the other’s', () => {
    // The two elements themselves, not the page's first two: files share one page in a worker (vite.config.ts).
    const [first, second] = [svgElement(), svgElement()];
    const a = timelineFrame(first, { kind: 'timeline', layers: ['rows'] });
    const b = timelineFrame(second, { kind: 'timeline', layers: ['rows'] });
    expect(a.ids.prefix).not.toBe(b.ids.prefix);
    expect(first.querySelector(`#${a.ids.clip}`)).not.toBeNull();
    expect(second.querySelector(`#${b.ids.clip}`)).not.toBeNull();
    expect(first.querySelector(`#${a.ids.prefix}-Progressing`)?.tagName).toBe('pattern');
  });

  test('lays the layers back to front, cutting the marks placed in time by the clip alone or as a group', () => {
    const svg = svgElement();
    const frame = timelineFrame(svg, {
      kind: 'status-lanes',
      layers: ['tracks', { clipped: ['values', 'texts'] }, { name: 'header', clipped: true }, 'labels'],
    });
    const top = [...svg.children].map((c) => `${c.tagName}${c.getAttribute('clip-path') ? ' clipped' : ''}`);
    expect(top).toEqual(['defs', 'g', 'g clipped', 'g clipped', 'g']);
    expect(frame.layers.values.node()!.parentElement!.getAttribute('clip-path')).toBe(
      `url(#${frame.ids.clip})`,
    );
    expect(frame.layers.header.attr('clip-path')).toBe(`url(#${frame.ids.clip})`);
  });

  test('a frame while playing with the reveal and the pin unchanged writes nothing, so nothing is restyled', () => {
    const svg = svgElement();
    const frame = timelineFrame(svg, { kind: 'app-lanes', layers: ['names'], clipTestId: 'reveal-veil' });
    const name = frame.layers.names.append('text').node()!;
    const draw = (right: number, pin: number) => {
      frame.size(1280, 200, 12);
      frame.reveal({ x: 180 + pin, y: 0, width: right - 180 - pin, height: 200 });
      frame.pin(pin, [name]);
    };
    draw(600, 40);
    expect(svg.querySelector('[data-testid="reveal-veil"]')?.getAttribute('width')).toBe('380');
    expect(name.style.transform).toBe('translateX(40px)');
    expect(changesDuring(svg, () => draw(600, 40))).toEqual([]);
    // The reveal moves on: only the clip's width changes.
    expect(changesDuring(svg, () => draw(610, 40))).toEqual(['rect width']);
    expect(changesDuring(svg, () => draw(610, 0))).toEqual(['rect x', 'rect width', 'text style']);
    expect(name.style.transform).toBe('');
  });
});
