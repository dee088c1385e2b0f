import { readFileSync } from 'node:fs';

/**
 * Reads test/conformance/upstream-tests.md, the index of Argo CD's tests and the project tests that replay them.
 * Shared by the test that keeps the index honest (upstreamIndex.test.ts) and the maintainer's diff against a new
 * Argo CD checkout (upstreamNames.mjs reads the same table with its own few lines, as it runs without TypeScript).
 */
export type ProjectTest =
  | { kind: 'test'; path: string; text: string }
  | { kind: 'fixture'; path: string }
  | { kind: 'not expressible'; reason: string }
  | { kind: 'not yet transcribed'; reason: string };

export interface IndexRow {
  /** The line of the row in the index, for messages. */
  line: number;
  upstreamFile: string;
  upstreamTest: string;
  project: ProjectTest;
}

export const indexPath = new URL('./upstream-tests.md', import.meta.url);

/** The table cells of one line, with `\|` kept inside a cell. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function projectTest(cell: string): ProjectTest | undefined {
  const named = /^`([^`]+)` › (.+)$/.exec(cell);
  if (named) return { kind: 'test', path: named[1], text: named[2] };
  const fixture = /^fixture `([^`]+)`$/.exec(cell);
  if (fixture) return { kind: 'fixture', path: fixture[1] };
  const none = /^not expressible: (.+)$/.exec(cell);
  if (none) return { kind: 'not expressible', reason: none[1] };
  const later = /^not yet transcribed: (.+)$/.exec(cell);
  if (later) return { kind: 'not yet transcribed', reason: later[1] };
  return undefined;
}

/** Every row of the index's table; a row whose project cell has no known form throws, naming its line. */
export function readUpstreamIndex(text = readFileSync(indexPath, 'utf8')): IndexRow[] {
  const rows: IndexRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.startsWith('| `')) return;
    const [file, test, cell] = cells(line);
    const project = projectTest(cell);
    if (!project) throw new Error(`upstream-tests.md:${i + 1}: cannot read the project test "${cell}"`);
    rows.push({ line: i + 1, upstreamFile: file.replace(/`/g, ''), upstreamTest: test, project });
  });
  return rows;
}

/**
 * The string literals of a test file, outside comments: where test titles live, `it('…')` and `it.each` rows alike.
 */
export function stringLiterals(source: string): string[] {
  const literal = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  return source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .flatMap((line) => [...line.matchAll(literal)].map((m) => m[2].replace(/\\(['"`])/g, '$1')));
}
