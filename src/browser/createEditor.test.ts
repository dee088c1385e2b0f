import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { errorRange } from './createEditor';

const doc = Text.of(['apiVersion: v1', 'kind: ConfigMap', 'metadata: [', '']);

describe('errorRange', () => {
  it('marks from the error column to the end of its line', () => {
    const range = errorRange(doc, { line: 3, column: 11 });
    expect(range.line).toBe(3);
    expect(doc.sliceString(range.from, range.to)).toBe('[');
  });

  it('keeps a position past the end inside the document', () => {
    expect(errorRange(doc, { line: 99, column: 5 })).toEqual({ line: 4, from: doc.length, to: doc.length });
    expect(errorRange(doc, { line: 2, column: 80 }).from).toBe(doc.line(2).to);
  });
});
