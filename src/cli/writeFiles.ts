import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * `CommandIo.writeFiles` on disk: files under `dir`, which must be new or empty (an export never overwrites
 * what someone has), each path kept inside it.
 */
export function writeFiles(
  dir: string,
  files: readonly { path: string; text: string; executable: boolean }[],
) {
  let existing: string[] = [];
  try {
    existing = readdirSync(dir);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  if (existing.length > 0) throw new Error(`${dir} is not empty; name a new folder`);
  const root = resolve(dir);
  for (const file of files) {
    const target = resolve(root, file.path);
    // A path comes from a scenario's file names; one that climbs out of the folder is refused, not written.
    if (relative(root, target).startsWith('..') || target === root)
      throw new Error(`refusing to write ${file.path} outside ${dir}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.text);
    if (file.executable) chmodSync(target, 0o755);
  }
}
