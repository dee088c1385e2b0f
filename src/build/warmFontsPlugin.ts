import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { beforeFirstResource } from './beforeFirstResource.ts';
import { warmFontsScript, type PageType } from './firstScreenFonts.ts';

/**
 * Puts the first screen's font warm-up (src/build/firstScreenFonts.ts) in the page's head before its first
 * link or script: after the policy's meta tag (which covers only what follows it), and before the stylesheet,
 * since an inline script after a stylesheet waits until the stylesheet has loaded. The families and the root
 * size are read from global.css, so the warm-up asks for exactly the fonts the page's CSS will. The policy
 * (cspPlugin) allows the script by its hash.
 */
export function warmFontsPlugin(root: string): Plugin {
  return {
    name: 'sandbox-warm-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const css = readFileSync(join(root, 'src', 'ui', 'styles', 'global.css'), 'utf8');
        return beforeFirstResource(html, `<script>${warmFontsScript(pageType(css))}</script>`);
      },
    },
  };
}

/** global.css's `--font`, `--mono` and the root's font size; a clear message if one of them cannot be found. */
export function pageType(css: string): PageType {
  const read = (pattern: RegExp, what: string) => {
    const found = pattern.exec(css)?.[1]?.trim();
    if (!found) throw new Error(`src/ui/styles/global.css: ${what} not found (warmFontsPlugin reads it)`);
    return found;
  };
  return {
    font: read(/--font:\s*([^;]+);/, 'the --font family list'),
    mono: read(/--mono:\s*([^;]+);/, 'the --mono family list'),
    rootPx: Number(
      read(/\nhtml\s*\{[^}]*?font-size:\s*([\d.]+)px/, 'the root font size (html { font-size: …px })'),
    ),
  };
}
