import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { encodeHistory } from './historyPatches';
import { defaultSettings, pageRunOptions, playForPageWithLua } from './pageRun';
import { parseScenario } from './scenario';

/**
 * The picker's entry for one scenario file: id and title only, so the page lists every scenario without loading
 * them all. A broken file throws its file, line and column, which fails the build in front of the author.
 */
export function scenarioMetaModule(path: string, root: string): string {
  const scenario = parseScenario(readFileSync(path, 'utf8'), relative(root, path));
  return `export default ${JSON.stringify({ id: scenario.id, title: scenario.title })};`;
}

/**
 * The module a `scenarios/*.yaml?compiled` import becomes: the scenario parsed with its manifests' objects and
 * its default run (event log, logs and result), played with the page's own options so the first paint needs no
 * simulation (compileScenariosPlugin says why).
 */
export async function compiledScenarioModule(path: string, root: string): Promise<string> {
  const file = relative(root, path);
  const scenario = parseScenario(readFileSync(path, 'utf8'), file);
  const defaultRun = await playForPageWithLua(scenario, pageRunOptions(scenario, defaultSettings(scenario)));
  // The record of every object version (what the terminal reads) is most of a run's data (many-resources:
  // 1.4 of 2 MB of JSON) and nothing else on the page reads it: it is a JSON string of its own, each version
  // after an object's first a patch against the one before (historyPatches.ts). The history goes through JSON
  // first so the patches describe exactly what the page used to parse.
  const { objects: history, ...run } = defaultRun;
  const objects = encodeHistory(JSON.parse(JSON.stringify(history)) as typeof history);
  const compiled = { file, scenario, defaultRun: run };
  // The data as JSON strings, parsed when the scenario is first opened and the objects when the terminal
  // first asks (registry.ts): loading a chunk then costs little more than reading the strings, so the page
  // can load every scenario in the background without a long task. JSON.parse of a string is also faster
  // for the browser than an object literal of the same size.
  const json = (value: unknown) => JSON.stringify(JSON.stringify(value));
  return `export default { id: ${JSON.stringify(scenario.id)}, json: ${json(compiled)}, objects: ${json(objects)} };`;
}
