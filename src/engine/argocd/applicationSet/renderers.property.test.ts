import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTemplateOptionsFrom, renderGoTemplate } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';
import { briefFailure } from '../../../../test/kits/briefFailure.testKit';

// Random templates, built from the pieces that made the renderers slow or could make them loop (trim markers,
// runs of blanks, unclosed and empty actions, nested braces, pipelines, `missingkey` options), each many times
// over, must render or be refused with a message, never throw. Both renderers run on every Application an
// ApplicationSet generates, so a template anyone writes must end quickly (docs/contract.md §1.4): that they are
// linear is renderersLinear.test.ts's, on the inputs that were quadratic. No time is asserted here: a 1 s bound
// per render failed at a load of 15-27 on 2 cores, and its failure printed 200 kB of template (issue 31);
// briefFailure prints the shrunk template clipped.

const piece = fc.constantFrom(
  '{{',
  '}}',
  '{{-',
  '-}}',
  '{{- ',
  ' -}}',
  '{{ .n }}',
  '{{.missing}}',
  '{{ .n | quote }}',
  '{{ default "x" .n }}',
  '{{ if .n }}a{{ end }}',
  '{{}x}',
  '{{n}}',
  '{',
  '}',
  '.',
  ' ',
  '\t',
  '\n',
  'x',
  '"',
  '|',
  '(',
  ')',
);

/** A template: up to 40 pieces, each repeated up to 20,000 times (so a run of blanks or braces can be long). */
const template = fc
  .array(fc.tuple(piece, fc.integer({ min: 1, max: 20_000 })), { maxLength: 40 })
  .map((parts) => parts.map(([text, times]) => text.repeat(times)).join(''));

const params = { n: 'v', path: 'apps/web', list: ['a', 'b'] };

/** Whether a render ended as the renderers promise: a string, or a refusal with a message. */
function endedWell(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  const r = result as { ok?: boolean; value?: unknown; error?: unknown; message?: unknown };
  if (r.ok === true) return typeof r.value === 'string';
  return typeof (r.error ?? r.message) === 'string';
}

describe('template renderers under random templates (hostile input)', () => {
  it('the Go template renderer renders or refuses every template', () => {
    const options = [goTemplateOptionsFrom([]), goTemplateOptionsFrom(['missingkey=error'])];
    fc.assert(
      fc.property(template, fc.integer({ min: 0, max: 1 }), (text, which) => {
        const result = renderGoTemplate(text, params, options[which]);
        expect(endedWell(result)).toBe(true);
      }),
      { numRuns: 100, seed: 23, reporter: briefFailure },
    );
  });

  it('the fasttemplate renderer renders or refuses every template', () => {
    fc.assert(
      fc.property(template, (text) => {
        const result = renderFastTemplate(text, params);
        expect(endedWell(result)).toBe(true);
      }),
      { numRuns: 100, seed: 23, reporter: briefFailure },
    );
  });
});
