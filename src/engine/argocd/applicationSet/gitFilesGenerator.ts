/**
 * The `git` generator's files form (applicationset/generators/git.go `generateParamsForGitFiles` and
 * `generateParamsFromGitFile`, argocd-semantics.md §5.13), over the scenario's repository at its current revision.
 *
 * Each `files[].path` is a pattern the repository server lists with `git ls-files -- PATTERN` (reposerver
 * `GetGitFiles`, util/git/client.go `LsFiles` without the new globbing, Argo CD's default): the files of every
 * include pattern, less those of every exclude pattern, in sorted path order. Each file is read as YAML or JSON,
 * one object or a list of objects, and each object gives one parameter set: its keys flattened with dots
 * (`cluster.name`; jeremywohl/flatten DotStyle, list items by index) and printed as Go's `%v` prints them, or kept
 * as they are under goTemplate; then `path`, `path.basename`, `path.filename`, `path.basenameNormalized`,
 * `path.filenameNormalized` and `path[N]` (a `path` map with `segments` under goTemplate), under `pathParamPrefix`
 * when set; then `values`. Files are parsed outside the engine (the repository loader): the engine reads each as
 * a value or as the parser's error.
 */
import type { JsonAny } from '../../types';
import { setOwn } from '../../util/setOwn';
import type { RepoFileContent } from '../repository';
import { appendValues, sanitizeName } from './clusterGenerator';
import type { GeneratorResult } from './listGenerator';

type Params = Record<string, JsonAny>;

export function gitFilesParams(
  spec: JsonAny,
  paths: readonly string[],
  content: (path: string) => RepoFileContent | undefined,
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
): GeneratorResult {
  const requested: { path: string; exclude: boolean }[] = (spec.files as JsonAny[]).map((f: JsonAny) => ({
    path: String(f?.path ?? ''),
    exclude: f?.exclude === true,
  }));
  const included = new Set<string>();
  for (const r of requested)
    if (!r.exclude) for (const p of paths) if (lsFilesMatch(r.path, p)) included.add(p);
  for (const r of requested)
    if (r.exclude) for (const p of paths) if (lsFilesMatch(r.path, p)) included.delete(p);
  const prefix = typeof spec.pathParamPrefix === 'string' ? spec.pathParamPrefix : '';
  const values: Record<string, JsonAny> = spec.values ?? {};
  const repoURL = typeof spec.repoURL === 'string' ? spec.repoURL : '';
  const out: Params[] = [];
  // git.go: "Get a sorted list of file paths to ensure deterministic processing order" (sort.Strings).
  for (const file of [...included].sort(byBytes)) {
    const failed = (error: string): GeneratorResult => ({
      ok: false,
      error: `error generating params from git: unable to process file '${file}' from repository '${repoURL}': ${error}`,
    });
    const read = content(file) ?? { value: {} };
    if ('error' in read) return failed(`unable to parse file: ${read.error}`);
    const objects: JsonAny[] = Array.isArray(read.value) ? read.value : [read.value ?? {}];
    for (const object of objects) {
      const params = goTemplate ? goTemplateParams(object, file, prefix) : flatParams(object, file, prefix);
      const error = appendValues(values, params, goTemplate, goTemplateOptions);
      if (error) return failed(`failed to append templated values: ${error}`);
      out.push(params);
    }
  }
  return { ok: true, params: out };
}

/** goTemplate: the object's keys as they are, and the path parameters as one map (git.go L241-L259). */
function goTemplateParams(object: JsonAny, file: string, prefix: string): Params {
  const params: Params = {};
  for (const [k, v] of Object.entries((object ?? {}) as Params)) setOwn(params, k, v);
  const dir = dirOf(file);
  const path = {
    path: dir,
    basename: baseOf(dir),
    filename: baseOf(file),
    basenameNormalized: sanitizeName(baseOf(dir)),
    filenameNormalized: sanitizeName(baseOf(file)),
    segments: dir.split('/'),
  };
  if (prefix) setOwn(params, prefix, { path });
  else params.path = path;
  return params;
}

/** fasttemplate: the object flattened, every value printed with Go's `%v`, and the path parameters (L260-L281). */
function flatParams(object: JsonAny, file: string, prefix: string): Params {
  const params: Params = {};
  flatten(object ?? {}, '', params);
  const name = prefix ? `${prefix}.path` : 'path';
  const dir = dirOf(file);
  setOwn(params, name, dir);
  setOwn(params, `${name}.basename`, baseOf(dir));
  setOwn(params, `${name}.filename`, baseOf(file));
  setOwn(params, `${name}.basenameNormalized`, sanitizeName(baseOf(dir)));
  setOwn(params, `${name}.filenameNormalized`, sanitizeName(baseOf(file)));
  dir.split('/').forEach((segment, i) => {
    if (segment !== '') setOwn(params, `${name}[${i}]`, segment);
  });
  return params;
}

/**
 * jeremywohl/flatten with DotStyle: nested maps and lists become `a.b` and `a.0` keys; an empty map or list
 * leaves no key; every leaf is printed as `fmt.Sprintf("%v", v)` prints what sigs.k8s.io/yaml decoded.
 */
function flatten(value: JsonAny, prefix: string, out: Params): void {
  const entries: [string, JsonAny][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Params);
  for (const [k, v] of entries) {
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (v !== null && typeof v === 'object') flatten(v, key, out);
    else setOwn(out, key, goPrint(v));
  }
}

/**
 * Go's `%v` of a decoded JSON value: numbers are float64, printed shortest with an exponent from 1e+06 on or below
 * 1e-04 (strconv 'g' with the shortest precision); null is `<nil>`.
 */
export function goPrint(v: JsonAny): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v !== 'number') return String(v);
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  const [mantissa, exp] = v.toExponential().split('e');
  const e = Number(exp);
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return String(v);
}

/**
 * `git ls-files -- PATTERN`'s pathspec (git dir.c `match_pathspec_item`): a pattern without wildcards names a
 * file or every file under a folder; with wildcards it is matched against the whole path by wildmatch without
 * WM_PATHNAME, so `*` also crosses `/` (`**\/config.json` finds `a/b/config.json`). An empty pattern or `.` is the
 * whole repository (reposerver GetGitFiles).
 */
export function lsFilesMatch(pattern: string, path: string): boolean {
  const p = pattern.replace(/^(\.\/)+/, '');
  if (p === '' || p === '.') return true;
  if (!/[*?[\\]/.test(p)) {
    const dir = p.replace(/\/+$/, '');
    return path === dir || path.startsWith(`${dir}/`);
  }
  let re = '^';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else if (c === '\\') {
      if (i + 1 >= p.length) return false;
      re += escapeRe(p[++i]);
    } else if (c === '[') {
      const end = p.indexOf(']', i + 2);
      if (end < 0) {
        re += '\\[';
        continue;
      }
      let body = p.slice(i + 1, end);
      const negate = body.startsWith('^') || body.startsWith('!');
      if (negate) body = body.slice(1);
      re += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = end;
    } else re += escapeRe(c);
  }
  try {
    return new RegExp(`${re}$`, 's').test(path);
  } catch {
    return false;
  }
}

function escapeRe(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** Go's `path.Dir` of a repository-relative file path: its folder, `.` at the root. */
function dirOf(file: string): string {
  const i = file.lastIndexOf('/');
  return i < 0 ? '.' : file.slice(0, i);
}

/** Go's `path.Base`. */
function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
