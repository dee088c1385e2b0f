import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { defaultScenarioId } from '../scenarios/defaultScenario';
import { parseLink } from './parseLink';
import { preloadScript } from './preloadScript';

const chunks = { 'three-tier': './three-tier.js', 'failing-migration': './failing-migration.js' };

/** The address the inline script preloads for a link, run as the browser would run it, with no module loaded. */
function preloaded(search: string, hash: string): string | undefined {
  const links: { rel: string; href: string }[] = [];
  runInNewContext(preloadScript(chunks), {
    URLSearchParams,
    Object,
    location: { search, hash },
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
    },
  });
  expect(links.every((l) => l.rel === 'modulepreload')).toBe(true);
  return links.at(-1)?.href;
}

/** What the page opens for the same link (main.ts): the scenario parseLink reads, or the default. */
function opened(search: string, hash: string): string {
  const id = parseLink(search, hash).scenario;
  return chunks[(id && Object.hasOwn(chunks, id) ? id : defaultScenarioId) as keyof typeof chunks];
}

describe("the build's preload of the first scenario (preloadScenarioPlugin.ts)", () => {
  const links: [string, string][] = [
    ['', ''],
    ['?scenario=failing-migration', ''],
    ['', '#scenario=failing-migration'],
    ['?scenario=failing-migration', '#scenario=three-tier'],
    ['?scenario=three-tier', '#?scenario=failing-migration&t=3'],
    ['?scenario=no-such-scenario', ''],
    ['?scenario=constructor', ''],
    ['?scenario=../failing-migration', ''],
    ['?scenario=', '#t=4'],
    ['?scenario=failing-migration', '#scenario='],
  ];
  for (const [search, hash] of links)
    it(`preloads the chunk of the scenario the page opens for "${search}${hash}"`, () => {
      expect(preloaded(search, hash)).toBe(opened(search, hash));
    });

  it('preloads nothing when there is no chunk for the default scenario either', () => {
    const links: unknown[] = [];
    runInNewContext(preloadScript({}), {
      URLSearchParams,
      Object,
      location: { search: '', hash: '' },
      document: { createElement: () => ({}), head: { append: (l: unknown) => links.push(l) } },
    });
    expect(links).toEqual([]);
  });
});
