// Runs the headless simulator (`npm run --silent sim -- …`, contract.md §1) from one bundle of its sources,
// rebuilt when they change (simBundle.mjs says why: a start costs a third of the CPU it took through tsx).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundlePath } from './simBundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
let bundle;
try {
  bundle = await bundlePath({
    root,
    cache: join(root, 'node_modules', '.cache', 'sim'),
    entry: 'src/cli/simProcess.ts',
    alsoHashed: ['package.json', 'package-lock.json'],
  });
} catch (error) {
  // A source that does not compile: esbuild's messages name the file, line and column.
  const messages = error?.errors?.map(
    (e) => `${e.location?.file}:${e.location?.line}:${e.location?.column}: ${e.text}`,
  );
  process.stderr.write(
    `sim: the simulator's sources do not build:\n${(messages ?? [String(error)]).join('\n')}\n`,
  );
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
