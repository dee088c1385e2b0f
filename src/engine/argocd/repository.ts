import type { Json, KubeObject, SourcePosition } from '../types';
import { appPathProblem, cleanPath } from './appPath';
import { hashText } from '../util/hashText';

/**
 * The Git repository every Application's source points at (contract.md §1.4), as data: revisions over time,
 * each a tree of files, each file the objects parsed from it with their source positions. Reading the folder and
 * parsing YAML happen outside the engine (the CLI, the scenario reader); rendering a source is picking the files
 * under `spec.source.path` (recursively with `directory.recurse`), as Argo CD's plain-directory source does.
 * A commit makes a new revision current; a revert is a commit like any other.
 */
export interface RepoObject {
  object: KubeObject;
  position?: SourcePosition;
}

/** One revision: `path → objects`, paths relative to the repository root, `/`-separated. */
export interface RepoRevision {
  name: string;
  files: Record<string, readonly RepoObject[]>;
  /**
   * The files that are data rather than manifests (a git files generator's `config.json`), as the loader read
   * them; each also has an entry in `files`, with no objects. Absent when there are none, so that a revision
   * without data keeps its SHA.
   */
  data?: Record<string, RepoFileContent>;
}

/**
 * A file as the git files generator reads it (git.go `generateParamsFromGitFile`, sigs.k8s.io/yaml): the decoded
 * YAML or JSON (an object, a list of objects, or null for an empty file), or why it does not decode.
 */
export type RepoFileContent = { value: Json } | { error: string };

export interface RenderedSource {
  objects: KubeObject[];
  positions: (SourcePosition | undefined)[];
  /** The 40-hex-digit revision (commit SHA) the objects came from. */
  revision: string;
}

export class Repository {
  private readonly revisions: RepoRevision[] = [];
  private readonly shas: string[] = [];

  constructor(initial: RepoRevision) {
    this.commit(initial);
  }

  /** Make `revision` the current one; returns its SHA. */
  commit(revision: RepoRevision): string {
    this.revisions.push(revision);
    const sha = commitSha(revision, this.shas.at(-1) ?? '');
    this.shas.push(sha);
    return sha;
  }

  get head(): string {
    return this.shas.at(-1)!;
  }

  get headName(): string {
    return this.revisions.at(-1)!.name;
  }

  /**
   * The objects of a plain-directory source, in file-name order then document order, at the current revision or
   * at an earlier one given by its SHA (a rollback syncs the revision a history entry recorded). An unknown SHA
   * renders the current revision.
   */
  render(path: string, recurse: boolean, sha: string = this.head): RenderedSource {
    const index = this.shas.lastIndexOf(sha);
    const at = index >= 0 ? index : this.shas.length - 1;
    const tree = this.revisions[at].files;
    const dir = normalizePath(path);
    const objects: KubeObject[] = [];
    const positions: (SourcePosition | undefined)[] = [];
    for (const file of Object.keys(tree).sort()) {
      if (!inDirectory(file, dir, recurse)) continue;
      for (const item of tree[file]) {
        objects.push(item.object);
        positions.push(item.position);
      }
    }
    return { objects, positions, revision: this.shas[at] };
  }

  /** An Application's `spec.source` (its `path` and `directory.recurse`) rendered as `render` does. */
  renderSource(source: { path?: string; directory?: { recurse?: boolean } }, sha?: string): RenderedSource {
    return this.render(source.path ?? '.', source.directory?.recurse === true, sha);
  }

  /**
   * Why the repository server fails to generate the manifests of `source` at the current revision, as the
   * ComparisonError condition's message gives it (controller/state.go L749 "Failed to load target state: " and
   * L421 "failed to generate manifest for source 1 of 1: ", around the repo server's gRPC error, whose code is
   * Unknown because reposerver GenerateManifest returns the path error unwrapped), or undefined when it renders.
   */
  sourceError(source: { path?: string }): string | undefined {
    const problem = appPathProblem(source.path ?? '.', Object.keys(this.revisions.at(-1)!.files));
    if (problem === undefined) return undefined;
    return `Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = ${problem}`;
  }

  /** The current revision's file paths (the git generator lists its directories from them). */
  paths(): string[] {
    return Object.keys(this.revisions.at(-1)!.files);
  }

  /**
   * One file of the current revision as the git files generator reads it: a data file as the loader decoded it,
   * a manifest file as its first document (sigs.k8s.io/yaml decodes the first document only), or undefined.
   */
  fileContent(path: string): RepoFileContent | undefined {
    return repoFileContent(this.revisions.at(-1)!, path);
  }

  /** Whether the current revision has a directory (or file) at `path`. */
  hasPath(path: string): boolean {
    const dir = normalizePath(path);
    if (dir === '') return true;
    return Object.keys(this.revisions.at(-1)!.files).some((f) => f === dir || f.startsWith(dir + '/'));
  }

  /** The objects of one file at the current revision (`kubectl apply -f PATH` of a checkout), if it exists. */
  fileObjects(path: string): KubeObject[] | undefined {
    return this.revisions.at(-1)!.files[normalizePath(path)]?.map((item) => item.object);
  }
}

/** `Repository.fileContent` of one revision (the scenario reader checks generated Applications with it). */
export function repoFileContent(revision: RepoRevision, path: string): RepoFileContent | undefined {
  const data = revision.data?.[path];
  if (data) return data;
  const items = revision.files[path];
  if (!items) return undefined;
  return { value: items.length > 0 ? (items[0].object as Json) : null };
}

/**
 * `path` cleaned as Argo CD's repository server cleans it (appPath.ts `cleanPath`: `apps/a/../a` is `apps/a`), so
 * a path `sourceError` accepts renders the folder it named. A path above the root is kept as written, which names
 * no file: `sourceError` refuses it before anything is rendered.
 */
export function normalizePath(path: string): string {
  return cleanPath(path) ?? path;
}

function inDirectory(file: string, dir: string, recurse: boolean): boolean {
  if (dir !== '' && !file.startsWith(dir + '/')) return false;
  const rest = dir === '' ? file : file.slice(dir.length + 1);
  return recurse || !rest.includes('/');
}

/**
 * A stable Git-like SHA of a revision's content and its parent, so the same history gives the same SHAs. Like Git's,
 * it depends only on what the repository holds: each file's repository-relative path and objects, and the
 * revision's name. Where the objects were read from (SourcePosition: the file as the user typed its path, and the
 * line in it) is left out, so `scenarios/a.yaml`, `./scenarios/a.yaml`, its absolute path and a copy of it in
 * another folder all give the same revision, and so the same generateName suffixes (issue 28, Determinism).
 */
function commitSha(revision: RepoRevision, parent: string): string {
  // The revision as it is, each object without its position: a revision read with no positions keeps its SHA.
  const files = Object.fromEntries(
    Object.entries(revision.files).map(([path, items]) => [path, items.map(({ object }) => ({ object }))]),
  );
  // The same five rounds of FNV-1a as revisionOf, hashed a slice at a time as it is: in one loop, a
  // 1,000-resource revision's 200,000 characters ran in the interpreter for most of their five passes.
  return hashText(parent + JSON.stringify({ ...revision, files }));
}
