import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** V8's file-based compile hint (Chromium 136 and later): compile every function of this file as it loads. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks the page runs at its start (the entry and what it imports statically) with V8's explicit
 * compile hint, so that Chromium compiles their functions on the thread that streams the script in, instead of
 * one by one on the main thread the first time each is called. Traced at 390×844 with the CPU slowed 4× (issue
 * 32), the main thread compiled about a thousand functions lazily before the page was ready, some 450 ms of the
 * phone's start; with the hint it compiles a dozen. Other browsers read the line as a comment.
 *
 * Lazy chunks (a scenario, a dialog, the terminal's commands) are left alone: most of their functions may never
 * run, and compiling them all would be work for nothing. Not for the one-file build either: an inline script is
 * not streamed, so the hint would compile every function on the main thread, used or not.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'sandbox-compile-hints',
    apply: 'build',
    // After Vite's own edits of the chunks (it puts the lazy chunks' preload table at the top of the entry): V8
    // reads the hint only at the very start of a file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startChunks(bundle)) chunk.code = compileHint + chunk.code;
      },
    },
  };
}

/** The entry chunks and every chunk they import statically (never through `import()`). */
export function startChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) visit(chunks.get(name));
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk);
  return [...seen];
}
