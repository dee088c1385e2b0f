import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The import graph of the project's TypeScript sources and Svelte components, read with a regular expression
 * (every `import … from`, `import type … from`, `export … from` and dynamic `import('…')` with a relative path),
 * test files left out (test kits live in test/kits/).
 * Type-only imports count: a cycle through types is still two modules that cannot be understood one without the
 * other.
 */
export type ImportGraph = Map<string, string[]>;

const importRe =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|svelte)$/.test(name) && !/\.test\.ts$|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

/** The graph of every source file under `root`, paths relative to `cwd`. */
export function importGraph(root: string, cwd = process.cwd()): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(importRe)) {
      const target = resolve(file, match[1] ?? match[2]);
      if (target && /\.(ts|svelte)$/.test(target)) targets.add(relative(cwd, target));
    }
    graph.set(relative(cwd, file), [...targets].sort());
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), each sorted: the import cycles. */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return out;
}

/**
 * Pairs of folders that import each other, as `a <-> b`: by default the parent folder of each module; `folderOf`
 * may group modules otherwise (by top-level folder of src/, say).
 */
export function twoWayFolders(graph: ImportGraph, folderOf: (module: string) => string = dirname): string[] {
  const edges = new Set<string>();
  for (const [from, targets] of graph)
    for (const to of targets) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (a !== b) edges.add(`${a} -> ${b}`);
    }
  const out: string[] = [];
  for (const edge of edges) {
    const [a, b] = edge.split(' -> ');
    if (a < b && edges.has(`${b} -> ${a}`)) out.push(`${a} <-> ${b}`);
  }
  return out.sort();
}

/** The top-level folder of src/ a module is in (`src/ui`, `src/engine`…); a file directly in src/ is itself. */
export function topFolder(module: string): string {
  return module.split('/').slice(0, 2).join('/');
}
