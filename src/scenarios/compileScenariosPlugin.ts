import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'vite';
import { defaultSettings, pageRunOptions, playForPageWithLua } from '../ui/worker/pageRun';
import { parseScenario } from './scenario';

const suffix = '?compiled';
const metaSuffix = '?meta';

/**
 * A Vite plugin that compiles `scenarios/*.yaml?compiled` at build time into `{ id, json, objects }`, the JSON
 * of `{ file, scenario, defaultRun }` (the scenario already parsed with its manifests' objects) and of the default
 * run's object history apart. The page then starts without the YAML parser in its
 * initial JavaScript (it loads it only for editing), and a broken scenario file fails the build with its file,
 * line and column instead of failing in front of a user.
 *
 * The chunk also carries the scenario's default run (`defaultRun`: its event log, logs and result, without the
 * final live objects), played here with the page's own options, so the first paint needs no simulation: the
 * largest (many-resources) takes about 2 s to play cold but adds only about 22 kB gzip to its chunk.
 */
export function compileScenariosPlugin(root: string): Plugin {
  return {
    name: 'sandbox-compile-scenarios',
    enforce: 'pre',
    async load(id) {
      if (id.endsWith(metaSuffix)) {
        // The picker's entry: id and title only, so the page lists every scenario without loading them all.
        const path = id.slice(0, -metaSuffix.length);
        const scenario = parseScenario(readFileSync(path, 'utf8'), relative(root, path));
        return `export default ${JSON.stringify({ id: scenario.id, title: scenario.title })};`;
      }
      if (!id.endsWith(suffix)) return null;
      const path = id.slice(0, -suffix.length);
      const file = relative(root, path);
      const scenario = parseScenario(readFileSync(path, 'utf8'), file);
      const defaultRun = await playForPageWithLua(
        scenario,
        pageRunOptions(scenario, defaultSettings(scenario)),
      );
      // The record of every object version (what the terminal reads) is most of a run's data (many-resources:
      // 1.4 of 2 MB of JSON) and nothing else on the page reads it: it is a JSON string of its own.
      const { objects, ...run } = defaultRun;
      const compiled = { file, scenario, defaultRun: run };
      // The data as JSON strings, parsed when the scenario is first opened and the objects when the terminal
      // first asks (registry.ts): loading a chunk then costs little more than reading the strings, so the page
      // can load every scenario in the background without a long task. JSON.parse of a string is also faster
      // for the browser than an object literal of the same size.
      const json = (value: unknown) => JSON.stringify(JSON.stringify(value));
      return `export default { id: ${JSON.stringify(scenario.id)}, json: ${json(compiled)}, objects: ${json(objects)} };`;
    },
  };
}
