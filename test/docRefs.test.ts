// Every `§` reference in the code, the tests, the scenarios and the README must name a section that exists in the
// project's own copy of the document it points at (docs/), so a reader of a clone can follow each one. A bare `§N`
// means docs/argocd-semantics.md, the rules the engine follows; `contract.md §N`, `style.md §N` and
// `toolchain.md §N` name the other documents (a list such as `contract.md §1.4, §1.5` keeps the first name).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const DEFAULT_DOC = 'argocd-semantics';

/**
 * The section numbers a Markdown document defines: its numbered headings (`### 2.11 Wave delay` defines `2.11`)
 * and the numbered items of a numbered section's list (item 10 of `## 6. Facts …` is cited as `§6.10`).
 */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  let current: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading) {
      current = heading[1];
      sections.add(current);
    } else if (/^#{1,6}\s/.test(line)) current = undefined;
    const item = /^(\d+)\.\s/.exec(line);
    if (item && current !== undefined) sections.add(`${current}.${item[1]}`);
  }
  return sections;
}

export interface DocRef {
  doc: string;
  section: string;
  line: number;
}

/** The `§` references of one text, each with the document it points at. */
export function refsOf(text: string): DocRef[] {
  const refs: DocRef[] = [];
  const lines = text.split('\n');
  // A run of references, optionally introduced by a document's name: `contract.md §1.4, §1.5` or `§2.18 and §6.10`.
  const run = /(?:([a-z-]+)\.md`?\s*)?(§\s?\d+(?:\.\d+)*(?:\s*(?:,|and|or)\s*§\s?\d+(?:\.\d+)*)*)/g;
  lines.forEach((line, i) => {
    for (const match of line.matchAll(run)) {
      const doc = match[1] ?? DEFAULT_DOC;
      for (const one of match[2].matchAll(/§\s?(\d+(?:\.\d+)*)/g))
        refs.push({ doc, section: one[1].replace(/\.$/, ''), line: i + 1 });
    }
  });
  return refs;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|mjs|js|svelte|ya?ml|md)$/.test(name)) out.push(path);
  }
  return out;
}

describe('§ references resolve inside the repository', () => {
  it('reads sections and references the way they are written', () => {
    expect([
      ...sectionsOf('## 1. Vocabulary\n### 2.11 Wave delay\n## 6. Facts\n1. **Sync failed**\n'),
    ]).toEqual(['1', '2.11', '6', '6.1']);
    expect(refsOf('see contract.md §1.4, §1.5 and §2.18').map((r) => `${r.doc} ${r.section}`)).toEqual([
      'contract 1.4',
      'contract 1.5',
      'contract 2.18',
    ]);
    expect(refsOf('a bare §5.4.').map((r) => `${r.doc} ${r.section}`)).toEqual(['argocd-semantics 5.4']);
  });

  it('every § in src, test, scenarios, the README and the reference names a section of docs/', () => {
    const docs = new Map<string, Set<string>>();
    for (const name of readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md')))
      docs.set(name.replace(/\.md$/, ''), sectionsOf(readFileSync(join(root, 'docs', name), 'utf8')));
    // This file's own examples are not references.
    const files = [
      ...['src', 'test', 'scenarios'].flatMap((d) => filesUnder(join(root, d))),
      join(root, 'README.md'),
      join(root, 'docs', 'reference.md'),
    ].filter((file) => file !== import.meta.filename);
    const broken: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const ref of refsOf(readFileSync(file, 'utf8'))) {
        count++;
        const sections = docs.get(ref.doc);
        if (!sections?.has(ref.section))
          broken.push(`${relative(root, file)}:${ref.line}: ${ref.doc}.md §${ref.section}`);
      }
    }
    expect(count).toBeGreaterThan(300);
    expect(broken).toEqual([]);
  });
});
