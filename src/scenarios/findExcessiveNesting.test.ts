import { describe, expect, it } from 'vitest';
import { findExcessiveNesting } from './findExcessiveNesting';
import { maxNesting, parseManifests } from './manifests';

// The nesting guard counted every `[` and `{`, inside quoted strings too, so valid YAML whose string
// holds 401 `[` was refused as "nested too deeply". It counts structure now, and still refuses real depth.
const configMap = (value: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: brackets\ndata:\n  text: ${value}\n`;

describe('findExcessiveNesting counts structure, not characters', () => {
  it('accepts 401 `[` inside a double-quoted string, and keeps them in the value', () => {
    const [parsed] = parseManifests(configMap(`"${'['.repeat(401)}"`), 'cm.yaml');
    expect(parsed.object.data).toEqual({ text: '['.repeat(401) });
  });

  it("accepts 401 `{` inside a single-quoted string with '' escapes", () => {
    const [parsed] = parseManifests(configMap(`'it''s ${'{'.repeat(401)}'`), 'cm.yaml');
    expect(parsed.object.data).toEqual({ text: `it's ${'{'.repeat(401)}` });
  });

  it('passes quoted brackets inside a flow sequence, and an escaped quote inside them', () => {
    expect(
      findExcessiveNesting(`a: ["a\\"${'['.repeat(500)}", '${'{'.repeat(500)}']`, maxNesting),
    ).toBeNull();
  });

  it('still refuses 401 real flow levels, and brackets after a quote that never closes on its line', () => {
    expect(findExcessiveNesting(`a: ${'['.repeat(401)}`, maxNesting)).toEqual({ line: 1, column: 404 });
    expect(findExcessiveNesting(`a: "x\n${'['.repeat(401)}`, maxNesting)).toEqual({ line: 2, column: 401 });
    // A quote inside a plain scalar opens nothing: the brackets after it are counted.
    expect(findExcessiveNesting(`a: it"s ${'['.repeat(401)}"`, maxNesting)).not.toBeNull();
  });
});

describe('findExcessiveNesting: a block scalar is text, a line of spaces is nothing (issue 31)', () => {
  it('accepts 401 `{` and 500 columns of indentation inside a `|` block scalar, and keeps them in the value', () => {
    const script = `${'{'.repeat(401)}\n${' '.repeat(500)}deep\n`;
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: script\ndata:\n  run.sh: |\n${script
      .split('\n')
      .map((l) => (l ? `    ${l}` : l))
      .join('\n')}`;
    const [parsed] = parseManifests(text, 'cm.yaml');
    expect(parsed.object.data).toEqual({ 'run.sh': script });
  });

  it('accepts a `- >-` item and a `key: &a |2` scalar with a comment, and refuses depth after the scalar ends', () => {
    expect(findExcessiveNesting(`a:\n  - >- # folded\n    ${'['.repeat(500)}\nb: x\n`, 400)).toBeNull();
    expect(findExcessiveNesting(`a: &x |2\n   ${'{'.repeat(500)}\n`, 400)).toBeNull();
    expect(findExcessiveNesting(`a: |\n  text\nb: ${'['.repeat(401)}\n`, 400)).toEqual({
      line: 3,
      column: 404,
    });
  });

  it('does not call a cut line of spaces "nested too deeply"', () => {
    expect(findExcessiveNesting(`a: 1\n${' '.repeat(600)}\nb: 2\n`, 400)).toBeNull();
  });
});
