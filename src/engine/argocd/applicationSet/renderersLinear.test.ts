import { describe, expect, it } from 'vitest';
import { goTemplateOptionsFrom, renderGoTemplate } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';

// Both renderers took time quadratic in a string's length (95 s and 78 s for the inputs below). Each case
// renders the issue's own input and asserts the rendered text. Vitest cannot time out synchronous work, so each
// also asserts a bound far above the linear time (a few milliseconds) and far below the old one (20-40 s here).
const generousMs = 3_000;

function timed<T>(render: () => T): T {
  const start = performance.now();
  const result = render();
  expect(performance.now() - start).toBeLessThan(generousMs);
  return result;
}

describe('template renderers are linear in the template', () => {
  it('Go template: 200,000 spaces before `x{{- .n}}` are kept, and the trim stops at the x', () => {
    const spaces = ' '.repeat(200_000);
    const result = timed(() => renderGoTemplate(`${spaces}x{{- .n}}`, { n: 'v' }, goTemplateOptionsFrom([])));
    expect(result).toEqual({ ok: true, value: `${spaces}xv` });
  });

  it("Go template: `{{- ` trims 200,000 spaces, tabs and newlines, Go's own space set", () => {
    const blank = ' \t\r\n'.repeat(50_000);
    const result = timed(() =>
      renderGoTemplate(`a${blank}{{- .n -}}${blank}b`, { n: 'v' }, goTemplateOptionsFrom([])),
    );
    expect(result).toEqual({ ok: true, value: 'avb' });
  });

  it('Go template: 50,000 actions in one string render each', () => {
    const result = timed(() =>
      renderGoTemplate('{{ .n -}} '.repeat(50_000), { n: 'v' }, goTemplateOptionsFrom([])),
    );
    expect(result).toEqual({ ok: true, value: 'v'.repeat(50_000) });
  });

  it('fasttemplate: a 400 KB value of `{{}x}` × 80,000 is rendered, each empty tag written back', () => {
    const template = '{{}x}'.repeat(80_000);
    // fasttemplate reads `{{}x}{{}` as the tag `}x}{{` (its end is the first `}}` after `{{`), which is no
    // parameter, so the text comes back as it was.
    expect(timed(() => renderFastTemplate(template, { x: 'v' }))).toEqual({ ok: true, value: template });
  });

  it('fasttemplate: `{{` and `}}` on different lines are not a template (isTemplatedRegex), at any length', () => {
    const template = `${'{{ x\n'.repeat(100_000)}}}`;
    expect(timed(() => renderFastTemplate(template, { x: 'v' }))).toEqual({ ok: true, value: template });
  });
});
