// The phone's floor for pageBench.mjs's (e′): what the same start costs on this machine, at that moment, with no
// script at all. The page's markup as it stands when a phone's start has settled is written into a copy of the
// build's index.html whose scripts are taken out, so the browser only navigates, parses the document and its
// stylesheet, and styles, lays out and paints that markup once. The page's own figure less this one is what its
// JavaScript adds (issue 32: the floor read 1.07 s on this 2-core machine against a 1.5 s goal), and it moves far
// less with the machine's load than either figure alone, since both loads share the same moment.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The page's markup now (`#app`'s HTML): taken once the start has settled, before the fold's parts are built. */
export function appMarkup(page) {
  return page.evaluate(() => document.getElementById('app')?.innerHTML ?? '');
}

/**
 * A copy of the build `dist` whose index.html holds `markup` in `#app` and no script: neither the entry nor the
 * head's inline preload. Returns its directory and a function that removes it.
 */
export function floorCopy(dist, markup) {
  const dir = mkdtempSync(join(tmpdir(), 'phone-floor-'));
  cpSync(dist, dir, { recursive: true });
  const index = join(dir, 'index.html');
  const html = readFileSync(index, 'utf8');
  const stripped = withoutScripts(html);
  if (!stripped.includes('<div id="app"></div>'))
    throw new Error('phone floor: index.html has no empty #app');
  writeFileSync(
    index,
    stripped.replace('<div id="app"></div>', () => `<div id="app">${markup}</div>`),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `html` with every `<script>` element taken out (inline or not). */
export function withoutScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}
