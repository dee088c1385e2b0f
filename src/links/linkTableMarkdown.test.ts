import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linkTable } from './linkTable';
import { linkTableMarkdown } from './linkTableMarkdown';

const docPath = new URL('../../docs/contract.md', import.meta.url);
const begin = '<!-- link table: generated from src/links/linkTable.ts -->';
const end = '<!-- end of link table -->';

/** docs/contract.md §2's parameters are the link table's (issue 32): a parameter the page reads is in the contract. */
describe('docs/contract.md §2 "URL parameters"', () => {
  const doc = readFileSync(docPath, 'utf8');

  it('lists the link table (DOCS_WRITE=1 npx vitest run src/links/linkTableMarkdown.test.ts rewrites it)', () => {
    const from = doc.indexOf(begin);
    const to = doc.indexOf(end);
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const want = `${begin}\n\n${linkTableMarkdown()}\n\n${end}`;
    const got = doc.slice(from, to + end.length);
    // Prettier pads the table's cells and rules: the rows are compared with runs of blanks and dashes collapsed.
    const plain = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
    if (process.env.DOCS_WRITE && plain(got) !== plain(want)) writeFileSync(docPath, doc.replace(got, want));
    else expect(plain(got)).toBe(plain(want));
  });

  it("names in its prose only parameters the table has (a `key=` of §2's text outside compare's runs)", () => {
    const page = doc.slice(doc.indexOf('## 2. The page'), doc.indexOf(begin));
    const keys = new Set(linkTable.map((p) => p.key));
    // `toggle-<id>` hooks and compare's `~waveDelay=N` knobs are no parameters of their own.
    const named = [...page.matchAll(/(?<![~\w-])`?([A-Za-z]+)=/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((key) => !keys.has(key))).toEqual([]);
  });
});
