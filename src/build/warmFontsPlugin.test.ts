import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { firstScreenFonts, warmFontsScript } from './firstScreenFonts';
import { beforeFirstResource } from './beforeFirstResource';
import { pageType } from './warmFontsPlugin';

const css = readFileSync(join(import.meta.dirname, '..', 'ui', 'styles', 'global.css'), 'utf8');

/** The fonts the inline script measures a letter in, run as the browser would run it, with no module loaded. */
function measured(script: string, width = 390): string[] {
  const fonts: string[] = [];
  const context = { font: '', measureText: () => fonts.push(context.font) };
  runInNewContext(script, {
    setTimeout: (run: () => void) => run(),
    document: { createElement: () => ({ getContext: () => context }) },
    matchMedia: (query: string) => ({ matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1]) }),
  });
  return fonts;
}

describe('the first screen’s font warm-up (issue 32: the first frame’s layout on a phone)', () => {
  it('measures each font of the list in the families and at the root size global.css declares', () => {
    const type = pageType(css);
    expect(type.rootPx).toBe(17);
    const fonts = measured(warmFontsScript(type));
    const wide = firstScreenFonts.filter((f) => f.wide).length;
    expect(fonts).toHaveLength(firstScreenFonts.length - wide);
    // The body's font (1rem, weight 400) and the timeline's 12 px text, as the CSS asks for them.
    expect(fonts).toContain(`400 17px ${type.font}`);
    expect(fonts).toContain(`400 12px ${type.font}`);
    expect(fonts).toContain(`400 14.96px ${type.mono}`);
    expect(type.font).toMatch(/^system-ui,/);
    expect(type.mono).toMatch(/^ui-monospace,/);
  });

  it('adds the wider screens’ fonts only where the page is wider than a phone’s', () => {
    const type = pageType(css);
    expect(measured(warmFontsScript(type), 390)).not.toContain(`700 24.65px ${type.font}`);
    expect(measured(warmFontsScript(type), 701)).toContain(`700 24.65px ${type.font}`);
    expect(measured(warmFontsScript(type), 1024)).toHaveLength(firstScreenFonts.length);
  });

  it('says which declaration it could not find in global.css', () => {
    expect(() => pageType(css.replace('--mono:', '--monospace:'))).toThrow(
      'src/ui/styles/global.css: the --mono family list not found',
    );
  });

  it('goes after the policy’s meta tag and before the head’s first link or script (a stylesheet would hold it)', () => {
    const html =
      '<head>\n    <meta http-equiv="Content-Security-Policy" content="x">\n    <link rel="icon" href="a.png">\n' +
      '    <link rel="stylesheet" href="a.css">\n  </head>';
    const out = beforeFirstResource(html, '<script>warm()</script>');
    expect(out.indexOf('<script>warm()')).toBeGreaterThan(out.indexOf('Content-Security-Policy'));
    expect(out.indexOf('<script>warm()')).toBeLessThan(out.indexOf('<link rel="icon"'));
  });
});
