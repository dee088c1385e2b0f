/**
 * Why a .zip entry's name is not a path inside the zipped folder, or undefined when it is one. A name that
 * climbs out (`../../x.yaml`), starts at a root (`/etc/x.yaml`) or a drive (`C:\x.yaml`), or holds a backslash or
 * a NUL, is not a file a Git repository can hold, so the sandbox cannot model it as one: it refuses the zip.
 */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'it holds a NUL character';
  if (/^[A-Za-z]:/.test(name)) return 'it starts with a drive letter';
  if (name.startsWith('/')) return 'it is an absolute path';
  if (name.includes('\\')) return 'it holds a backslash, which is no folder separator in a repository';
  if (name.split('/').some((part) => part === '..')) return 'it climbs out of the zip with ".."';
  return undefined;
}
