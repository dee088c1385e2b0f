import type { Plugin } from 'vite';

/**
 * Starts loading the scenario the page will show as early as the HTML is read, beside the entry script, instead
 * of after it: main.ts asks for the scenario's chunk (compileScenariosPlugin) only once the entry has been
 * downloaded, compiled and run, which put the chunk's download (2 MB for many-resources) after everything else
 * on the way to the first paint. A small inline script in the head reads `scenario=` as the page does
 * (parseUrlState: the query, then the hash over it; three-tier when none) and adds a `modulepreload` link for
 * its chunk. The policy (cspPlugin) allows it by its hash. Not for the one-file build, whose chunks are inlined.
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
        const script =
          `(()=>{const c=${JSON.stringify(chunks)};` +
          `const p=new URLSearchParams(location.search.replace(/^\\?/,''));` +
          `for(const [k,v] of new URLSearchParams(location.hash.replace(/^#\\??/,'')))p.set(k,v);` +
          // Own keys only: `scenario=constructor` found Object's constructor and preloaded a bogus address.
          `const s=p.get('scenario');const h=Object.hasOwn(c,s)?c[s]:c['three-tier'];if(!h)return;` +
          `const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
