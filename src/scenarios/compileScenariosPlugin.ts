import { join } from 'node:path';
import { runnerImport, type Plugin, type ViteDevServer } from 'vite';
import type * as Compiler from './compileScenario';

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
 *
 * The engine that plays the run is loaded when the first scenario is, through Vite's own module runner
 * (`runnerImport`), not imported by this file: vite.config.ts imports this plugin, and Vite 8 lists every
 * import of the config's module graph that its future native config loader could not read (the engine's
 * extension-less imports: over 500 lines before the dev server's address, at every `vite`, build and vitest
 * start). Only `import type` reaches the config's graph from here. In the dev server, an edit to a file the
 * engine is made of restarts the server, as it did when the engine was part of the config's graph, so the
 * shipped default runs never lag behind the engine.
 */
export function compileScenariosPlugin(root: string): Plugin {
  let compiler: Promise<{ module: typeof Compiler; dependencies: string[] }> | undefined;
  let server: ViteDevServer | undefined;
  const load = () => {
    compiler ??= runnerImport<typeof Compiler>(join(root, 'src/scenarios/compileScenario.ts'), {
      root,
      logLevel: 'silent',
    }).then((loaded) => {
      watchForRestart(loaded.dependencies);
      return loaded;
    });
    return compiler.then((loaded) => loaded.module);
  };
  const watchForRestart = (files: string[]) => {
    if (!server) return;
    const watched = new Set(files);
    server.watcher.add(files);
    server.watcher.on('change', (file) => {
      if (watched.has(file)) void server?.restart();
    });
  };
  return {
    name: 'sandbox-compile-scenarios',
    enforce: 'pre',
    configureServer(dev) {
      server = dev;
    },
    async load(id) {
      if (id.endsWith(metaSuffix))
        return (await load()).scenarioMetaModule(id.slice(0, -metaSuffix.length), root);
      if (!id.endsWith(suffix)) return null;
      return (await load()).compiledScenarioModule(id.slice(0, -suffix.length), root);
    },
  };
}
