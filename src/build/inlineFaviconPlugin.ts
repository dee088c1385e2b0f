import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The one-file build (dist-single/index.html) has no public/ folder next to it, so the favicon link there
 * carries the PNG itself as a data: URL (the page's policy allows data: images). dist/ keeps the file.
 */
export function inlineFaviconPlugin(root: string): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const png = readFileSync(join(root, 'public', 'favicon.png'));
      const url = `data:image/png;base64,${png.toString('base64')}`;
      return html.replace(/href="\.\/favicon\.png"/, `href="${url}"`);
    },
  };
}
