import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpuMillisOf } from '../../../../test/kits/cpuTime.testKit';
import { emptyTags, spaces, splitLines, work } from '../../../../test/kits/templateInputs.testKit';

// Both renderers took time quadratic in a string's length (95 s and 78 s for the inputs below). Each case
// renders the issue's own input and asserts the rendered text. Vitest cannot time out synchronous work, so each
// also asserts a bound far above the linear time (a few milliseconds) and far below the old one (20-40 s here),
// in CPU time spent in a process of its own, which a busy machine does not inflate as it does wall time (a test
// holds at any load, issue 31).
const generousCpuMs = 3_000;
let cpu: Record<string, number> = {};
beforeAll(() => {
  cpu = cpuMillisOf(
    fileURLToPath(new URL('../../../../test/kits/templateInputs.testKit.ts', import.meta.url)),
  );
});

describe('template renderers are linear in the template', () => {
  it('Go template: 200,000 spaces before `x{{- .n}}` are kept, and the trim stops at the x', () => {
    expect(work.trimStopsAtX()).toEqual({ ok: true, value: `${spaces}xv` });
    expect(cpu.trimStopsAtX).toBeLessThan(generousCpuMs);
  });

  it("Go template: `{{- ` trims 200,000 spaces, tabs and newlines, Go's own space set", () => {
    expect(work.trimsGoSpaces()).toEqual({ ok: true, value: 'avb' });
    expect(cpu.trimsGoSpaces).toBeLessThan(generousCpuMs);
  });

  it('Go template: 50,000 actions in one string render each', () => {
    expect(work.manyActions()).toEqual({ ok: true, value: 'v'.repeat(50_000) });
    expect(cpu.manyActions).toBeLessThan(generousCpuMs);
  });

  it('fasttemplate: a 400 KB value of `{{}x}` × 80,000 is rendered, each empty tag written back', () => {
    // fasttemplate reads `{{}x}{{}` as the tag `}x}{{` (its end is the first `}}` after `{{`), which is no
    // parameter, so the text comes back as it was.
    expect(work.emptyTags()).toEqual({ ok: true, value: emptyTags });
    expect(cpu.emptyTags).toBeLessThan(generousCpuMs);
  });

  it('fasttemplate: `{{` and `}}` on different lines are not a template (isTemplatedRegex), at any length', () => {
    expect(work.splitLines()).toEqual({ ok: true, value: splitLines });
    expect(cpu.splitLines).toBeLessThan(generousCpuMs);
  });
});
