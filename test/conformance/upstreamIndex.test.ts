import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexPath, readUpstreamIndex, stringLiterals } from './upstreamIndex';

/**
 * upstream-tests.md maps each of Argo CD's tests to the project test that replays it. This keeps it from rotting:
 * a test renamed or removed, a fixture deleted, or a count in its introduction left stale fails here.
 */
const root = new URL('../../', import.meta.url);
const text = readFileSync(indexPath, 'utf8');
const rows = readUpstreamIndex(text);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('upstream-tests.md, the index of Argo CD tests replayed', () => {
  it('indexes each upstream test once', () => {
    const keys = rows.map((r) => `${r.upstreamFile} ${r.upstreamTest}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(rows.length).toBeGreaterThan(300);
  });

  it('names only project tests that exist: a test title in that file holding the text', () => {
    const missing = rows.flatMap((row) => {
      if (row.project.kind !== 'test') return [];
      const { path, text: title } = row.project;
      if (!path.endsWith('.test.ts') || !existsSync(new URL(path, root)))
        return [`line ${row.line}: ${path} is not a test file`];
      const found = stringLiterals(read(path)).some((literal) => literal.includes(title));
      return found ? [] : [`line ${row.line}: no test titled "…${title}…" in ${path}`];
    });
    expect(missing).toEqual([]);
  });

  it('names only fixtures that exist and carry their expected status and message', () => {
    const missing = rows.flatMap((row) => {
      if (row.project.kind !== 'fixture') return [];
      const { path } = row.project;
      if (
        !/^test\/fixtures\/(health|lua-health)\/[^/]+\.yaml$/.test(path) ||
        !existsSync(new URL(path, root))
      )
        return [`line ${row.line}: no fixture ${path}`];
      const fixture = read(path);
      return fixture.includes('sandbox.test/expect-status') && fixture.includes('sandbox.test/expect-message')
        ? []
        : [`line ${row.line}: ${path} has no sandbox.test/expect-* annotations`];
    });
    expect(missing).toEqual([]);
  });

  it('says why, in a sentence, for each upstream test that is not expressible', () => {
    const bare = rows.filter(
      (r) =>
        (r.project.kind === 'not expressible' || r.project.kind === 'not yet transcribed') &&
        r.project.reason.length < 30,
    );
    expect(bare.map((r) => r.line)).toEqual([]);
  });

  it('indexes every Argo CD Lua health case the project transcribed', () => {
    const indexed = new Set(rows.flatMap((r) => (r.project.kind === 'fixture' ? [r.project.path] : [])));
    const transcribed = readdirSync(new URL('test/fixtures/lua-health/', root)).map(
      (f) => `test/fixtures/lua-health/${f}`,
    );
    expect(transcribed.filter((f) => !indexed.has(f))).toEqual([]);
  });

  it('states the counts of its table in its introduction', () => {
    const fixtures = rows.filter((r) => r.project.kind === 'fixture').length;
    const named = rows.filter((r) => r.project.kind === 'test').length;
    const later = rows.filter((r) => r.project.kind === 'not yet transcribed').length;
    const none = rows.length - fixtures - named - later;
    const intro = text.replace(/\s+/g, ' ');
    expect(intro).toContain(
      `${rows.length} upstream tests are indexed: ${fixtures + named} are expressed (${named} as named tests, ` +
        `${fixtures} as fixtures), ${none} are not expressible, ${later} are not yet transcribed.`,
    );
  });
});
