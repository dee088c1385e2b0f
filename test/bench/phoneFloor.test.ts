import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floorCopy, withoutScripts } from './phoneFloor.mjs';

const built = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self'">
<script>(()=>{const l=document.createElement('link');l.rel='modulepreload';document.head.append(l)})()</script>
<script type="module" crossorigin src="./assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="./assets/index-abc.css">
</head><body><div id="app"></div></body></html>`;

describe("the phone's floor (pageBench.mjs (e′))", () => {
  it('serves the markup with no script at all, its stylesheet kept', () => {
    const dist = mkdtempSync(join(tmpdir(), 'floor-dist-'));
    writeFileSync(join(dist, 'index.html'), built);
    // A `$&` in the markup is the page's text, not a replacement pattern.
    const markup = '<header><h1>Argo CD Sync Sandbox</h1></header><p>costs $& more</p>';
    const copy = floorCopy(dist, markup);
    const html = readFileSync(join(copy.dir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<div id="app">${markup}</div>`);
    expect(html).toContain('href="./assets/index-abc.css"');
    // The build itself is left as it was.
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe(built);
    copy.remove();
    expect(existsSync(copy.dir)).toBe(false);
    rmSync(dist, { recursive: true, force: true });
  });

  it("takes out the project's own index.html's scripts and keeps its empty #app", () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const stripped = withoutScripts(source);
    expect(stripped).not.toMatch(/<script/i);
    expect(stripped).toContain('<div id="app"></div>');
  });
});
