import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandTableMarkdown } from './commandTableMarkdown';

const docPath = new URL('../../docs/reference.md', import.meta.url);
const begin = '<!-- command table: generated from src/engine/interventions/commandTable.ts -->';
const end = '<!-- end of command table -->';

/** docs/reference.md lists the command table as it is (issue 28): a row added to the table and not to the doc fails. */
describe('docs/reference.md "Commands and flags"', () => {
  it('is the command table (DOCS_WRITE=1 npx vitest run src/text/commandTableMarkdown.test.ts rewrites it)', () => {
    const doc = readFileSync(docPath, 'utf8');
    const from = doc.indexOf(begin);
    const to = doc.indexOf(end);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const want = `${begin}\n\n${commandTableMarkdown()}\n\n${end}`;
    const got = doc.slice(from, to + end.length);
    // Prettier pads the table's cells and rules: the rows are compared with runs of blanks and dashes collapsed.
    const plain = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
    if (process.env.DOCS_WRITE && plain(got) !== plain(want)) writeFileSync(docPath, doc.replace(got, want));
    else expect(plain(got)).toBe(plain(want));
  });
});
