import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileKind } from './readCapped';

/**
 * The files of `sim run --repo DIR`, as Argo CD's repo server sees a checkout:
 *
 * - A symlink that is absolute or whose target leaves DIR refuses the whole repository, in the words of
 *   reposerver/repository/repository.go (`repository contains out-of-bounds symlinks. file: …`), with the same
 *   lexical, step-by-step check as util/app/path `CheckOutOfBoundsSymlinks`.
 * - A symlink inside DIR to a regular file is listed under its own path and read through it, as
 *   `getPotentiallyValidManifestFile` does; one whose destination is missing, or is a directory, is skipped with
 *   its warning (`filepath.Walk` never descends into a symlinked directory); a loop is an error (`too many links`).
 * - A FIFO, socket or device is refused, never opened: a Git checkout cannot hold one, and reading a FIFO would hang.
 *
 * Paths are relative to DIR, `/`-separated and sorted; `.git` is skipped as Argo CD's check skips it. Problems
 * throw a RepoFileError naming the file, so the caller reports it there; a FIFO is never opened, so nothing hangs.
 */
export function listRepoFiles(dir: string, warn: (message: string) => void = () => {}): string[] {
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
  const root = realpathSync(dir);
  const out: string[] = [];
  walk(root, '', out, warn);
  // Sorted as whole paths, as before symlinks were followed: the order is part of a revision's commit SHA.
  return out.sort();
}

/**
 * A file of the repository that stops the run, with its path relative to the repository (`repoFile`, so that it is
 * not mistaken for the absolute `path` Node's own errors carry).
 */
export class RepoFileError extends Error {
  constructor(
    message: string,
    readonly repoFile: string,
  ) {
    super(message);
    this.name = 'RepoFileError';
  }
}

function walk(root: string, prefix: string, out: string[], warn: (message: string) => void): void {
  // In name order, so that of two problems the same one is always reported first.
  const entries = readdirSync(join(root, prefix), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (rel !== '.git') walk(root, rel, out, warn);
    } else if (entry.isFile()) out.push(rel);
    else if (entry.isSymbolicLink()) {
      if (followSymlink(root, rel, warn)) out.push(rel);
    } else {
      throw new RepoFileError(
        `${rel} is ${fileKind(lstatSync(join(root, rel)))}, not a file: a Git repository holds only files, directories and symlinks, so it is not read`,
        rel,
      );
    }
  }
}

/** Whether the symlink at `rel` is to be read as the file it points at; throws when it refuses the repository. */
function followSymlink(root: string, rel: string, warn: (message: string) => void): boolean {
  const path = join(root, rel);
  const target = readlinkSync(path);
  if (isAbsolute(target) || leavesRoot(root, dirname(path), target))
    throw new RepoFileError(`repository contains out-of-bounds symlinks. file: ${rel}`, rel);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') {
      warn(
        `skipping manifest file ${JSON.stringify(rel)}: destination of symlink ${JSON.stringify(rel)} is missing`,
      );
      return false;
    }
    const reason = code === 'ELOOP' ? 'EvalSymlinks: too many links' : (error as Error).message;
    throw new RepoFileError(`failed to evaluate symlink at ${JSON.stringify(rel)}: ${reason}`, rel);
  }
  // Each link was checked on its own above, so a chain of them stays inside too; this is the repo server's
  // second guard (`files.Inbound`) all the same.
  const realRel = relative(root, real);
  if (realRel === '..' || realRel.startsWith(`..${sep}`) || isAbsolute(realRel))
    throw new RepoFileError(`illegal filepath in symlink at ${JSON.stringify(rel)}`, rel);
  const stats = statSync(real);
  if (stats.isFile()) return true;
  if (stats.isDirectory()) {
    warn(
      `ignoring symlink at ${JSON.stringify(rel)} to non-regular file ${JSON.stringify(realRel.split(sep).join('/'))}`,
    );
    return false;
  }
  throw new RepoFileError(
    `${rel} is a symlink to ${fileKind(stats)}, not a file: a Git repository holds only files, directories and symlinks, so it is not read`,
    rel,
  );
}

/** CheckOutOfBoundsSymlinks: whether any step of a relative target, taken from `from`, is outside `root`. */
function leavesRoot(root: string, from: string, target: string): boolean {
  let current = from;
  for (const part of target.split('/')) {
    current = join(current, part);
    const rel = relative(root, current);
    if (rel === '..' || rel.startsWith(`..${sep}`)) return true;
  }
  return false;
}
