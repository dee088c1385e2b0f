/**
 * The `git` generator's directories form (applicationset/generators/git.go `generateParamsForGitDirectories`,
 * argocd-semantics.md §5.13), over the scenario's repository at its current revision: every directory of the tree
 * (reposerver `GetGitDirectories`: hidden ones and what is under them left out, the root too), in the order a walk
 * of the tree meets them, kept when a `directories[].path` pattern matches it (Go's `path.Match`) and no
 * `exclude: true` one does. Parameters: `path`, `path.basename`, `path.basenameNormalized` and `path[N]` for each
 * segment (a `path` map with `segments` under goTemplate), each under `pathParamPrefix` when set; then `values`.
 * `repoURL` and `revision` name the one repository the sandbox has and are not fetched.
 */
import type { JsonAny } from '../../types';
import { setOwn } from '../../util/setOwn';
import { appendValues, sanitizeName } from './clusterGenerator';
import type { GeneratorResult } from './listGenerator';
import type { RepoFileContent } from '../repository';
import { gitFilesParams } from './gitFilesGenerator';

export function gitParams(
  spec: JsonAny,
  paths: readonly string[],
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
  content: (path: string) => RepoFileContent | undefined = () => undefined,
): GeneratorResult {
  // git.go GenerateParams: directories first, then files, else ErrEmptyAppSetGenerator.
  if (Array.isArray(spec?.directories) && spec.directories.length > 0)
    return gitDirectoryParams(spec, directoriesOf(paths), goTemplate, goTemplateOptions);
  if (Array.isArray(spec?.files) && spec.files.length > 0)
    return gitFilesParams(spec, paths, content, goTemplate, goTemplateOptions);
  return { ok: false, error: 'ApplicationSet is empty' };
}

/** The parameter sets of the directories form over the repository's directories (`GetDirectories`' answer). */
export function gitDirectoryParams(
  spec: JsonAny,
  directories: readonly string[],
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
): GeneratorResult {
  if (!Array.isArray(spec?.directories)) return { ok: false, error: 'ApplicationSet is empty' };
  const requested: { path: string; exclude: boolean }[] = spec.directories.map((d: JsonAny) => ({
    path: String(d?.path ?? ''),
    exclude: d?.exclude === true,
  }));
  const prefix = typeof spec.pathParamPrefix === 'string' ? spec.pathParamPrefix : '';
  const values: Record<string, JsonAny> = spec.values ?? {};
  const out: Record<string, JsonAny>[] = [];
  for (const dir of directories) {
    let include = false;
    let exclude = false;
    for (const r of requested) {
      // A malformed pattern is logged and skipped (git.go filterApps).
      const match = pathMatch(r.path, dir);
      if (match && !r.exclude) include = true;
      if (match && r.exclude) exclude = true;
    }
    if (!include || exclude) continue;
    const params: Record<string, JsonAny> = {};
    const base = dir.slice(dir.lastIndexOf('/') + 1);
    if (goTemplate) {
      const path = {
        path: dir,
        basename: base,
        basenameNormalized: sanitizeName(base),
        segments: dir.split('/'),
      };
      if (prefix) setOwn(params, prefix, { path });
      else params.path = path;
    } else {
      const name = prefix ? `${prefix}.path` : 'path';
      setOwn(params, name, dir);
      setOwn(params, `${name}.basename`, base);
      setOwn(params, `${name}.basenameNormalized`, sanitizeName(base));
      dir.split('/').forEach((segment, i) => {
        if (segment !== '') setOwn(params, `${name}[${i}]`, segment);
      });
    }
    const error = appendValues(values, params, goTemplate, goTemplateOptions);
    if (error)
      return {
        ok: false,
        error: `error generating params from apps: failed to append templated values: ${error}`,
      };
    out.push(params);
  }
  return { ok: true, params: out };
}

/** Every directory holding a file, its parents too, in `filepath.WalkDir`'s order; none hidden, not the root. */
export function directoriesOf(paths: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const file of paths) {
    const parts = file.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      if (parts[i - 1].startsWith('.')) break;
      dirs.add(parts.slice(0, i).join('/'));
    }
  }
  return [...dirs].sort(walkOrder);
}

/** Depth-first, each directory's entries by name: segment by segment, a parent before its children. */
function walkOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

/**
 * Go's `path.Match`: `*` any run of non-`/` characters, `?` one, `[...]` a class (`^` or `!` negates, `a-z`
 * ranges), `\` escapes. A malformed pattern matches nothing (Go returns ErrBadPattern, which git.go skips).
 */
export function pathMatch(pattern: string, name: string): boolean {
  let re = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '\\') {
      if (i + 1 >= pattern.length) return false;
      re += escape(pattern[++i]);
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) return false;
      let body = pattern.slice(i + 1, end);
      const negate = body.startsWith('^') || body.startsWith('!');
      if (negate) body = body.slice(1);
      if (body === '') return false;
      re += `[${negate ? '^/' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = end;
    } else re += escape(c);
  }
  try {
    return new RegExp(`${re}$`).test(name);
  } catch {
    return false;
  }
}

function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}
