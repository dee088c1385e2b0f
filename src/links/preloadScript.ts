// The imports name their extension, as vite.config.ts's do: this file is loaded with Vite's config (the build's
// preload plugin), and Vite's native config loader needs them.
import { defaultScenarioId } from '../scenarios/defaultScenario.ts';
import { scenarioIdPattern, scenarioParam } from './scenarioParam.ts';

/**
 * The inline script the build puts in the page's head (preloadScenarioPlugin.ts): it reads the link's scenario as
 * the page does (the table's `scenario=` row, the query then the hash over it as in linkParams.ts, the default
 * scenario when it names none or one there is no chunk for) and adds a `modulepreload` link for its chunk.
 * `chunks` maps each scenario id to its chunk's address. Plain JavaScript in a string, since it runs before any
 * module; its test runs it against parseLink for each way a link can name a scenario.
 */
export function preloadScript(chunks: Readonly<Record<string, string>>): string {
  return (
    `(()=>{const c=${JSON.stringify(chunks)};` +
    `const p=new URLSearchParams(location.search.replace(/^\\?/,''));` +
    `for(const [k,v] of new URLSearchParams(location.hash.replace(/^#\\??/,'')))p.set(k,v);` +
    // Own keys only: `scenario=constructor` found Object's constructor and preloaded a bogus address.
    `const s=p.get(${JSON.stringify(scenarioParam.key)});` +
    `const h=s!==null&&${scenarioIdPattern}.test(s)&&Object.hasOwn(c,s)?c[s]:c[${JSON.stringify(defaultScenarioId)}];` +
    `if(!h)return;` +
    `const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)})()`
  );
}
