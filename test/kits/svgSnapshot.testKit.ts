import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { serializeSvg } from './serializeSvg.testKit';

/**
 * Compares a drawing with test/output/<name>.svg (rounded to 0.1 px, the frame's ids re-numbered, so a drawing's
 * place among the page's drawings does not change it). On a mismatch the new drawing is written beside it as
 * <name>-changed.svg, to open in a browser; `vitest -u` accepts it. Observable Plot's test/plot-snapshot.js
 * snapshots its marks the same way.
 */
export async function expectSvgSnapshot(svg: SVGSVGElement, name: string): Promise<void> {
  const text = serializeSvg(svg).replace(/\b(timeline|app-lanes|status-lanes)-\d+-/g, '$1-');
  const file = resolve(__dirname, '../output', `${name}.svg`);
  const changed = resolve(__dirname, '../output', `${name}-changed.svg`);
  try {
    await expect(text).toMatchFileSnapshot(file);
    rmSync(changed, { force: true });
  } catch (error) {
    writeFileSync(changed, text);
    throw error;
  }
}
