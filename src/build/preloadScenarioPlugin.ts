import type { Plugin } from 'vite';
import { preloadScript } from '../links/preloadScript.ts';
import { beforeFirstResource } from './beforeFirstResource.ts';

/**
 * Starts loading the scenario the page will show as early as the HTML is read, beside the entry script, instead
 * of after it: main.ts asks for the scenario's chunk (compileScenariosPlugin) only once the entry has been
 * downloaded, compiled and run, which put the chunk's download (2 MB for many-resources) after everything else
 * on the way to the first paint. A small inline script in the head (src/links/preloadScript.ts) reads
 * `scenario=` as the page does and adds a `modulepreload` link for its chunk. The policy (cspPlugin) allows it by its hash. Not for the one-file build, whose chunks are inlined.
 */
export function preloadScenarioPlugin(): Plugin {
  return {
    name: 'sandbox-preload-scenario',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks: Record<string, string> = {};
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const id = /\/scenarios\/([\w.-]+)\.yaml\?compiled$/.exec(output.facadeModuleId ?? '')?.[1];
          if (id) chunks[id] = `./${output.fileName}`;
        }
        if (Object.keys(chunks).length === 0) return html;
        // Before the head's first link or script, as the font warm-up: at the head's end, after the stylesheet, the
        // script waited for the stylesheet to load, and the scenario's download started only then (issue 32).
        return beforeFirstResource(html, `<script>${preloadScript(chunks)}</script>`);
      },
    },
  };
}
