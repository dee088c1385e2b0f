// @vitest-environment jsdom
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../src/scenarios/play';
import { parseScenario } from '../../src/scenarios/scenario';
import { exportSvg } from '../../src/timeline/exportSvg';
import { layoutTimeline } from '../../src/timeline/layout';
import { renderTimeline } from '../../src/timeline/render';

/**
 * The README's picture, docs/three-tier.svg: three-tier's run, played by the engine and drawn by the page's own
 * timeline (layout, renderer and the Export SVG button's file), at 30 s, when the migration has run and the
 * waves are coming up. Not a screenshot (the style guide keeps them out of the repository): it is made from the
 * code, so `npm run picture` (PICTURE_WRITE=1) makes it again, and this test fails when it is out of date.
 */
const root = join(import.meta.dirname, '../../');
const file = `${root}docs/three-tier.svg`;

function picture(): string {
  const scenario = parseScenario(
    readFileSync(`${root}scenarios/three-tier.yaml`, 'utf8'),
    'scenarios/three-tier.yaml',
  );
  const events = playScenario(scenario).events.filter((e) => e.t >= 0);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  document.body.append(svg);
  const layout = layoutTimeline(events, { width: 960 });
  renderTimeline(svg, layout, { t: 30, duration: 0 });
  const text = exportSvg(svg, {
    title: 'three-tier at t = 30 s: PreSync, then the waves, each waiting for the last to be Healthy',
    color: '#1b2430',
    background: '#ffffff',
  });
  svg.remove();
  // The renderer numbers its ids per drawing; the file keeps the first drawing's, so making it again is identical.
  return `${text.replace(/timeline-\d+-/g, 'timeline-0-')}\n`;
}

describe('the README picture', () => {
  it('docs/three-tier.svg is the timeline the code draws now (npm run picture makes it again)', () => {
    const drawn = picture();
    if (process.env.PICTURE_WRITE === '1') writeFileSync(file, drawn);
    expect(readFileSync(file, 'utf8')).toBe(drawn);
    expect(drawn).toMatch(/^<svg [^>]*width="960"/);
    expect(drawn).toContain('Job/database-migration');
  });
});
