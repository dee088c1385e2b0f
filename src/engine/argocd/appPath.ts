/**
 * Why the repository server cannot render an Application's `spec.source.path`, in Argo CD's words
 * (util/app/path/path.go `Path`), or undefined when the path names a directory of the revision. The path is
 * reported as written, as `Path` does: `../../etc: app path outside root`, `garbage: app path does not exist`.
 * `files` are the revision's file paths, relative to the repository root and `/`-separated.
 */
export function appPathProblem(path: string, files: readonly string[]): string | undefined {
  if (path.startsWith('/')) return `${path}: app path is absolute`;
  const dir = cleanPath(path);
  if (dir === undefined) return `${path}: app path outside root`;
  if (dir === '') return undefined;
  if (files.some((file) => file.startsWith(dir + '/'))) return undefined;
  if (files.includes(dir)) return `${path}: app path is not a directory`;
  return `${path}: app path does not exist`;
}

/**
 * `path` as filepath.Join cleans it, relative to the repository root and `/`-separated: `.`, empty parts and
 * slashes dropped, each `..` climbing one folder; undefined when it climbs above the root. `.` and `` are the root.
 */
export function cleanPath(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.pop() === undefined) return undefined;
  }
  return parts.join('/');
}
