import { join } from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import type * as Compiler from '../scenarios/compileScenario';
import { CompiledScenarioCache, type CompiledKind } from './compiledScenarioCache.ts';

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
 * The engine that plays the run is not imported by this file but loaded when the first scenario is, by a Vite
 * server of its own in middleware mode (`ssrLoadModule`), closed when the build ends: vite.config.ts imports this
 * plugin, and Vite 8 lists every import of the config's module graph that its future native config loader could
 * not read (the engine's extension-less imports: over 500 lines before the dev server's address, at every
 * `vite`, build and vitest start). Only `import type` reaches the config's graph from here. In the dev server,
 * an edit to a file the engine is made of restarts the server, as it did when the engine was part of the
 * config's graph, so the shipped default runs never lag behind the engine.
 *
 * A build and a vitest run keep what they compile in node_modules/.cache/scenarios (CompiledScenarioCache), and
 * take it from there when no source changed: `npm test` compiled every scenario three times (vitest and the two
 * builds of the browser tests). The dev server neither reads nor writes it: there a source can change while the
 * server runs, and it recompiles after a restart anyway.
 */
export function compileScenariosPlugin(root: string): Plugin {
  let loader: ViteDevServer | undefined;
  let compiler: Promise<typeof Compiler> | undefined;
  let devServer: ViteDevServer | undefined;
  let cache: CompiledScenarioCache | undefined;
  const load = () =>
    (compiler ??= (async () => {
      loader = await createServer({
        root,
        configFile: false,
        logLevel: 'silent',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      const module = (await loader.ssrLoadModule(
        join(root, 'src/scenarios/compileScenario.ts'),
      )) as typeof Compiler;
      restartOnEdit();
      return module;
    })());
  const restartOnEdit = () => {
    if (!devServer || !loader) return;
    const files = [...loader.environments.ssr.moduleGraph.idToModuleMap.keys()].filter(
      (id) => id.startsWith(root) && !id.includes('/node_modules/'),
    );
    const watched = new Set(files);
    devServer.watcher.add(files);
    devServer.watcher.on('change', (file) => {
      if (watched.has(file)) void devServer?.restart();
    });
  };
  /** The module of `kind` for the scenario file at `path`: kept from an earlier run, or compiled now. */
  const compile = async (kind: CompiledKind, path: string) => {
    const kept = cache?.read(kind, path);
    if (kept !== undefined) return kept;
    const compiler = await load();
    const text =
      kind === 'meta'
        ? compiler.scenarioMetaModule(path, root)
        : await compiler.compiledScenarioModule(path, root);
    cache?.add(kind, path, text);
    return text;
  };
  const close = async () => {
    if (loader) cache?.flush(loader.environments.ssr.moduleGraph.idToModuleMap.keys());
    const closing = loader?.close();
    loader = undefined;
    compiler = undefined;
    await closing;
  };
  return {
    name: 'sandbox-compile-scenarios',
    enforce: 'pre',
    configResolved(config) {
      if (config.command === 'build' || config.mode === 'test')
        cache = new CompiledScenarioCache(root, join(root, 'node_modules/.cache/scenarios'));
    },
    configureServer(server) {
      devServer = server;
      server.httpServer?.once('close', () => void close());
    },
    async load(id) {
      if (id.endsWith(metaSuffix)) return compile('meta', id.slice(0, -metaSuffix.length));
      if (!id.endsWith(suffix)) return null;
      return compile('compiled', id.slice(0, -suffix.length));
    },
    // A build ends here (the page's and the worker's), and so does vitest's use of the plugin.
    closeBundle: close,
  };
}
