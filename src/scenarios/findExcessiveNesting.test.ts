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
