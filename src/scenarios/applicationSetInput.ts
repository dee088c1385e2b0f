/**
 * ApplicationSets as input (contract.md §1.4): Argo CD turns a render error into an `ErrorOccurred` condition and
 * writes nothing; the CLI and the page refuse it up front instead, as bad input, naming the file, line and column
 * of the template string that failed (a key missing under `missingkey=error`, a parse error) or of `generators` (an
 * unknown or unsupported generator). The engine renders (`renderApplications`); this maps its failure's path in
 * the object back to the YAML source.
 */
import {
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Node as YamlNode,
  type Pair,
} from 'yaml';
import {
  applicationSetElementCount,
  InputError,
  type KubeObject,
  limits,
  renderApplications,
  repoFileContent,
  type RepoRevision,
} from '../engine';
import type { ParsedObject } from './manifests';
import { sourceProblem } from './platformInput';
import { argoRulesProblem } from './argoRulesInput';
import { maxUpdateProblem } from './validateMaxUpdate';

/**
 * Throws an InputError for the first ApplicationSet in `text` that does not render. `objects` are the file's parsed
 * documents (as parseManifests returns them); documents are matched to them by order among the ApplicationSets.
 * When `text` is a block inside a bigger file (a scenario's `argocd: |`), `shift` moves its positions there: lines
 * down by `shift.line`, columns right by `shift.column` (the block's indentation).
 */
export function checkApplicationSets(
  text: string,
  file: string,
  objects: readonly KubeObject[],
  shift: { line: number; column: number } = { line: 0, column: 0 },
  repo?: RepoRevision,
  /** The cluster Secrets of the whole input (another file may hold them); by default those among `objects`. */
  secrets: readonly KubeObject[] = objects.filter((o) => o.kind === 'Secret'),
): void {
  const sets = objects.filter((object) => object.kind === 'ApplicationSet');
  if (sets.length === 0) return;
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter, logLevel: 'silent' }).filter(
    (doc) => isMap(doc.contents) && doc.get('kind') === 'ApplicationSet',
  );
  sets.forEach((set, index) => {
    // Counted before rendering: each list element is an Application to render and reconcile.
    const elements = applicationSetElementCount(set);
    if (elements > limits.maxApplications) {
      const node = nodeAt(documents[index]?.contents ?? null, ['spec', 'generators']);
      const { line, col } = lineCounter.linePos(node?.range?.[0] ?? documents[index]?.range?.[0] ?? 0);
      throw new InputError(
        `ApplicationSet ${set.metadata.name ?? ''}: ${elements} list elements is over the limit of ${limits.maxApplications} Applications in one run`,
        { file, line: line + shift.line, column: col + shift.column },
      );
    }
    const badMaxUpdate = maxUpdateProblem(documents[index]?.contents);
    if (badMaxUpdate) {
      const { line, col } = lineCounter.linePos(badMaxUpdate.node.range?.[0] ?? 0);
      throw new InputError(`ApplicationSet ${set.metadata.name ?? ''}: ${badMaxUpdate.message}`, {
        file,
        line: line + shift.line,
        column: col + shift.column,
      });
    }
    // The cluster generator reads the cluster Secrets given beside the set (§5.13).
    const rendered = renderApplications(
      { ...set, metadata: { ...set.metadata, uid: '' } },
      {
        secrets,
        repoPaths: repo ? Object.keys(repo.files) : [],
        repoFile: (path) => (repo ? repoFileContent(repo, path) : undefined),
      },
    );
    const name = set.metadata.name ?? '';
    if (rendered.ok) {
      const bad =
        repo && generatedSourceProblem(rendered.applications, repo, documents[index]?.contents ?? null);
      if (!bad) return;
      const { line, col } = lineCounter.linePos(bad.node?.range?.[0] ?? documents[index]?.range?.[0] ?? 0);
      throw new InputError(`ApplicationSet ${name}: ${bad.problem}`, {
        file,
        line: line + shift.line,
        column: col + shift.column,
      });
    }
    const node = nodeAt(documents[index]?.contents ?? null, rendered.path);
    const offset = node?.range?.[0] ?? documents[index]?.range?.[0] ?? 0;
    const { line, col } = lineCounter.linePos(offset);
    const column = col + templateColumn(node, rendered.error);
    throw new InputError(`ApplicationSet ${name}: ${rendered.error}`, {
      file,
      line: line + shift.line,
      column: column + shift.column,
    });
  });
}

/**
 * A generated Application's source must be simulable and its path must exist, as for a given one
 * (platformInput.ts `sourceProblem`); the problem is reported at the template's `source.path` (or the deepest
 * field of it that exists), since that is where the set's author wrote it.
 */
function generatedSourceProblem(
  applications: readonly KubeObject[],
  repo: RepoRevision,
  root: YamlNode | null,
): { problem: string; node: YamlNode | undefined } | undefined {
  for (const app of applications) {
    const problem = sourceProblem(app, repo);
    if (problem !== undefined)
      return { problem, node: nodeAt(root, ['spec', 'template', 'spec', 'source', 'path']) };
    // The Argo CD rules a generated app carries (its ignoreDifferences) are read as a given app's are.
    const rules = argoRulesProblem(app);
    if (rules !== undefined) return { problem: rules, node: nodeAt(root, ['spec', 'template', 'spec']) };
  }
  return undefined;
}

/**
 * The same check for a block whose objects were parsed with positions in a bigger file (a scenario's `argocd: |`,
 * read by the scenario reader): the block's shift is where its first document landed there.
 */
export function checkParsedApplicationSets(
  text: string,
  parsed: readonly ParsedObject[],
  repo?: RepoRevision,
): void {
  const first = parsed[0];
  if (!first || !parsed.some((p) => p.object.kind === 'ApplicationSet')) return;
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter, logLevel: 'silent' });
  const start = documents.find((doc) => isMap(doc.contents))?.contents?.range?.[0] ?? 0;
  const { line, col } = lineCounter.linePos(start);
  const shift = { line: first.position.line - line, column: first.position.column - col };
  checkApplicationSets(
    text,
    first.position.file,
    parsed.map((p) => p.object),
    shift,
    repo,
  );
}

/** The YAML node at a path of keys and indexes, or the deepest one found on the way. */
function nodeAt(root: YamlNode | null, path: readonly (string | number)[]): YamlNode | undefined {
  let node: YamlNode | null | undefined = root;
  let found: YamlNode | undefined = root ?? undefined;
  for (const step of path) {
    if (isMap(node)) {
      const pair: Pair<unknown, unknown> | undefined = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(step),
      );
      if (!pair) return found;
      // A failing map key (rendered too) is reported at the key itself.
      node =
        step === path[path.length - 1] && !pair.value ? (pair.key as YamlNode) : (pair.value as YamlNode);
    } else if (isSeq(node) && typeof step === 'number') {
      node = node.items[step] as YamlNode | undefined;
    } else {
      return found;
    }
    if (!node) return found;
    found = node;
  }
  return found;
}

/**
 * Go's `template: base:<line>:<col>:` points inside the template; on a one-line scalar that is a column offset
 * (past the opening quote of a quoted scalar), so the position lands on the failing action.
 */
function templateColumn(node: YamlNode | undefined, error: string): number {
  const match = /template: base:1:(\d+):/.exec(error);
  if (!match || !isScalar(node) || typeof node.value !== 'string' || node.value.includes('\n')) return 0;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0;
  return quoted + Number(match[1]);
}
