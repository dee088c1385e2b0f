import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The page's Content-Security-Policy, as a meta tag written into index.html at build time. Nothing
 * may be loaded from another origin and nothing may be sent anywhere: the sandbox works offline. Styles allow
 * 'unsafe-inline' because Svelte's style attributes and CodeMirror's injected style sheets need it; images
 * allow data: and blob: for the favicon and the timeline's PNG export. `frame-ancestors` is left out because a
 * meta tag cannot carry it (Chromium logs an error if it tries).
 */
const common = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

/** The policy for a page whose scripts are files of its own origin (dist/) or inline with these hashes. */
export function contentSecurityPolicy(inlineScriptHashes: string[] = []): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'sha256-${h}'`)];
  return [`script-src ${scripts.join(' ')}`, ...common].join('; ');
}

const placeholder = '__CONTENT_SECURITY_POLICY__';

/**
 * Writes the policy meta tag into the built index.html. In the one-file build (vite-plugin-singlefile, listed
 * before this plugin) the scripts are inlined, so the policy allows exactly those scripts by their SHA-256 hash
 * rather than every inline script. The dev server gets no policy: its hot reload injects scripts of its own.
 */
export function cspPlugin(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: placeholder },
        injectTo: 'head-prepend',
      },
    ],
    // On the written file: the one-file plugin inlines the scripts while the bundle is generated, after the
    // other plugins' generateBundle hooks, so only the file on disk has the final scripts to hash.
    writeBundle(options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
        const path = join(options.dir ?? 'dist', asset.fileName);
        const html = readFileSync(path, 'utf8');
        const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
          .filter((m) => m[1] !== '')
          .map((m) => createHash('sha256').update(m[1], 'utf8').digest('base64'));
        writeFileSync(path, html.replace(placeholder, contentSecurityPolicy(hashes)));
      }
    },
  };
}
