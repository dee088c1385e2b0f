import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePath } from '../../scripts/simBundle.mjs';

/**
 * `npm run sim` runs a bundle of the simulator's sources (scripts/simBundle.mjs). A bundle that outlived a change
 * would run yesterday's engine: here a small project stands in for src/, and each change must give a new bundle.
 */
const root = mkdtempSync(join(tmpdir(), 'sim-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cache = join(root, 'cache');
mkdirSync(join(root, 'src'));
const write = (file: string, text: string) => writeFileSync(join(root, file), text);
const answer = async () => {
  const file = await bundlePath({ root, cache, entry: 'src/main.ts', alsoHashed: ['lock.json'] });
  const module = (await import(`${pathToFileURL(file).href}?${statSync(file).mtimeMs}`)) as {
    answer: string;
  };
  return { file, answer: module.answer };
};

describe('the bundle npm run sim runs', () => {
  it('is built once, then reused while no source changes', async () => {
    write('src/main.ts', "import { part } from './part';\nexport const answer: string = `one ${part}`;\n");
    write('src/part.ts', "export const part = 'a';\n");
    write('lock.json', '{}');
    const first = await answer();
    expect(first.answer).toBe('one a');
    const built = statSync(first.file).mtimeMs;
    const again = await answer();
    expect(again.file).toBe(first.file);
    expect(statSync(again.file).mtimeMs).toBe(built);
  });

  it('is rebuilt when an imported source, a newly imported one or the lock file changes', async () => {
    const before = (await answer()).file;
    write('src/part.ts', "export const part = 'b';\n");
    expect((await answer()).answer).toBe('one b');
    write('src/more.ts', "export const more = 'c';\n");
    write(
      'src/main.ts',
      "import { part } from './part';\nimport { more } from './more';\nexport const answer: string = `two ${part}${more}`;\n",
    );
    expect((await answer()).answer).toBe('two bc');
    write('src/more.ts', "export const more = 'd';\n");
    expect((await answer()).answer).toBe('two bd');
    const beforeLock = (await answer()).file;
    write('lock.json', '{"esbuild":"another"}');
    expect((await answer()).file).not.toBe(beforeLock);
    expect(readdirSync(cache).filter((f) => f.endsWith('.mjs')).length).toBeGreaterThan(1);
    expect((await answer()).file).not.toBe(before);
  });

  it('names the file, line and column of a source that does not compile', async () => {
    write('src/part.ts', "export const part = 'b'\nconst = ;\n");
    const error = await bundlePath({ root, cache, entry: 'src/main.ts' }).catch((e: unknown) => e);
    expect(
      (error as { errors: { location: { file: string; line: number } }[] }).errors[0].location,
    ).toMatchObject({ file: 'src/part.ts', line: 2 });
  });
});
