import { decodeHistory, type HistoryPatches } from './historyPatches';
import { runsWithoutSyncWindows } from './runsWithoutSyncWindows';
import type { PageRun } from './pageRun';
import type { Scenario } from './scenario';
import { defaultScenarioId } from './defaultScenario';

/** A shipped scenario, compiled at build time by compileScenariosPlugin. */
export interface CompiledScenario {
  id: string;
  file: string;
  scenario: Scenario;
  /** The run with the scenario's own settings, played at build time, so the first paint simulates nothing. */
  defaultRun: PageRun;
}

/**
 * The scenario files shipped with the sandbox, compiled at build time (so the single-file build needs no network
 * and no file access, and no YAML parser at start). The picker's list (id and title) is in the entry code; each
 * scenario's data is its own chunk, loaded when it is first opened (`loadScenario`).
 */
const metas = import.meta.glob('/scenarios/*.yaml', {
  query: '?meta',
  import: 'default',
  eager: true,
}) as Record<string, { id: string; title: string }>;
/** What a scenario's chunk holds (compileScenariosPlugin): its id, its data and its run's object history. */
interface ScenarioChunk {
  id: string;
  /** JSON of `{ file, scenario, defaultRun }`, the run without its `objects`. */
  json: string;
  /** JSON of the default run's `objects`, as patches (historyPatches.ts). */
  objects: string;
}

const chunks = import.meta.glob('/scenarios/*.yaml', { query: '?compiled', import: 'default' }) as Record<
  string,
  () => Promise<ScenarioChunk>
>;

/**
 * A shipped scenario whose data is parsed when first read (its `file`, `scenario` or `defaultRun`), not when its
 * chunk loads: the picker loads every scenario's chunk before a pick (prefetchScenarios), and parsing them all
 * (many-resources' JSON is 2 MB) made a long task while the first one was still being shown. The default run's object history
 * (most of that JSON, read only by the terminal) is parsed when it is first read.
 */
function lazyScenario({ id, json, objects }: ScenarioChunk): CompiledScenario {
  let data: Omit<CompiledScenario, 'id'> | undefined;
  const parsed = () => {
    if (data) return data;
    data = JSON.parse(json) as Omit<CompiledScenario, 'id'>;
    const run = data.defaultRun;
    Object.defineProperty(run, 'objects', {
      configurable: true,
      enumerable: true,
      get() {
        const value = decodeHistory(JSON.parse(objects) as HistoryPatches);
        Object.defineProperty(run, 'objects', { value, writable: true, enumerable: true });
        return value;
      },
    });
    // A field written in the history appears in its JSON as a key: without one, the run has no sync window.
    if (!objects.includes('"syncWindows"')) runsWithoutSyncWindows.add(run);
    return data;
  };
  return {
    id,
    get file() {
      return parsed().file;
    },
    get scenario() {
      return parsed().scenario;
    },
    get defaultRun() {
      return parsed().defaultRun;
    },
  };
}

// The page's default first, then the two failures most stories start from.
const preferredOrder = [defaultScenarioId, 'failing-migration', 'failing-smoke-test'];

/** Every shipped scenario's id and title, in picker order. */
export const scenarioCatalog: { id: string; title: string }[] = Object.values(metas).sort(
  (a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : 1),
);

/** The scenarios loaded so far (the session looks here first). */
export const scenarioFiles: CompiledScenario[] = [];

const loading = new Map<string, Promise<CompiledScenario>>();

/** Load one shipped scenario's data (once). */
export function loadScenario(id: string): Promise<CompiledScenario> {
  const path = Object.keys(chunks).find((p) => p.endsWith(`/${id}.yaml`));
  if (!path) return Promise.reject(new Error(`no scenario "${id}"`));
  let promise = loading.get(id);
  if (!promise) {
    promise = chunks[path]().then((chunk) => {
      const compiled = scenarioFiles.find((f) => f.id === id) ?? lazyScenario(chunk);
      if (!scenarioFiles.includes(compiled)) scenarioFiles.push(compiled);
      return compiled;
    });
    loading.set(id, promise);
  }
  return promise;
}

/**
 * Load the shipped scenarios not loaded yet, one chunk per task, when someone shows they may switch (the picker
 * is hovered, touched or focused): the pick then opens at once. Loaded at the page's start instead, even one per
 * idle callback, their compiling made long tasks on a phone while the page had only just become interactive
 * (many-resources' chunk alone is 1.5 MB), and a visitor who never switches paid for all of them.
 */
export function prefetchScenarios(): void {
  if (prefetching) return;
  prefetching = true;
  const rest = scenarioCatalog.filter((s) => !loading.has(s.id));
  const next = (): void => {
    const entry = rest.shift();
    if (entry)
      void loadScenario(entry.id).then(
        () => setTimeout(next, 0),
        () => setTimeout(next, 0),
      );
  };
  next();
}
let prefetching = false;

/** Load every shipped scenario (tests, benchmarks). */
export function loadScenarioFiles(): Promise<CompiledScenario[]> {
  return Promise.all(scenarioCatalog.map((s) => loadScenario(s.id)));
}

function rank(id: string): number {
  const i = preferredOrder.indexOf(id);
  return i < 0 ? preferredOrder.length : i;
}
