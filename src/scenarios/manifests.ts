import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import {
  decodingProblem,
  type DecodingProblem,
  InputError,
  limits,
  type JsonAny,
  type KubeObject,
  positionedFields,
  type SourcePosition,
} from '../engine';
import { findExcessiveNesting } from './findExcessiveNesting';
import { findLongElementList } from './longElementLists';
import { validateObject, type YamlPath } from './validateObject';

/** One object read from a manifest file, with where its document starts. */
export interface ParsedObject {
  object: KubeObject;
  position: SourcePosition;
}

/** How a file is read; the defaults are what `sim run` and the page need. */
export interface ParseOptions {
  /**
   * Receives a `file:line:column: …` warning for each problem Argo CD tolerates (a duplicate mapping key, whose
   * last value wins); without it they are tolerated silently.
   */
  warnings?: string[];
  /**
   * Whether an object needs `metadata.name` or `generateName` (true). `sim health` assesses objects as they are,
   * and health never reads the name, so it reads unnamed objects too.
   */
  requireName?: boolean;
}

/** The largest manifest file the sandbox reads: bigger inputs are refused before parsing. */
export const maxManifestBytes = 4 * 1024 * 1024;
/** Alias expansions allowed per document; "billion laughs" inputs need far more. */
export const maxAliasCount = 100;
/** Nesting levels allowed (see findExcessiveNesting); Kubernetes objects are rarely deeper than 20. */
export const maxNesting = 400;

/**
 * Reads a multi-document YAML file of Kubernetes objects, in order. Empty documents are skipped and a
 * `v1` List contributes its items. Anything unusable throws an InputError with the file, line and column (the
 * first problem only): a YAML syntax error, a document that is not a mapping, a missing kind, apiVersion or
 * name, a kind its built-in API group does not serve, a mistyped field (validateObject), an alias bomb or a
 * cyclic alias, nesting too deep, or a file over 4 MiB. It never throws anything else and never hangs.
 *
 * @example
 * parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n', 'cm.yaml');
 * // [{ object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } }, position: { file: 'cm.yaml', line: 1, column: 1 } }]
 */
export function parseManifests(text: string, file: string, options: ParseOptions = {}): ParsedObject[] {
  const bytes = utf8Length(text);
  if (bytes > maxManifestBytes) {
    // One decimal, unless that would round down to the limit itself ("4.0 MiB" would read as allowed).
    const mib = (bytes / 1048576).toFixed(1);
    const size = mib === '4.0' ? `${bytes} bytes` : `${mib} MiB`;
    throw new InputError(`file is ${size}; the sandbox reads manifests up to 4 MiB`, {
      file,
      line: 1,
      column: 1,
    });
  }
  const deep = findExcessiveNesting(text, maxNesting);
  if (deep) throw new InputError(tooDeep, { file, ...deep });
  const long = findLongElementList(text, limits.maxApplications);
  if (long)
    throw new InputError(
      `ApplicationSet list generator: ${long.count} list elements is over the limit of ${limits.maxApplications} ` +
        'Applications in one run (each element is an Application); refused before reading them',
      { file, line: long.line, column: long.column },
    );

  const lineCounter = new LineCounter();
  const at = (offset: number | undefined): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset ?? 0);
    return { file, line, column: col };
  };
  try {
    const documents = parseAllDocuments(text, { lineCounter, prettyErrors: false, logLevel: 'error' });
    // Walking every node for aliases is the slowest part of reading; most manifests have none.
    const mayHaveAliases = text.includes('*');
    const read = { at, mayHaveAliases, text, ...options };
    return documents.flatMap((doc) => readDocument(doc, read));
  } catch (error) {
    if (error instanceof InputError) throw error;
    // Not expected: the checks above keep the parser within its limits. Still, never a stack trace.
    throw new InputError(
      `could not read YAML: ${error instanceof Error ? error.message : String(error)}`,
      at(0),
    );
  }
}

const tooDeep = `YAML nested too deeply: the sandbox reads up to ${maxNesting} levels of nesting`;

interface ReadContext extends ParseOptions {
  at: (offset: number | undefined) => SourcePosition;
  mayHaveAliases: boolean;
  text: string;
}

function readDocument(doc: Document.Parsed, context: ReadContext): ParsedObject[] {
  const { at, mayHaveAliases } = context;
  // A duplicate mapping key is not fatal: Kubernetes' YAML reader (sigs.k8s.io/yaml), and so Argo CD and
  // kubectl, keep the last value, which is also what the parsed document holds.
  const duplicates = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY');
  const firsts = duplicates.length > 0 && context.warnings ? firstKeys(doc) : new Map<number, number>();
  for (const duplicate of duplicates) {
    const key = keyAt(context.text, duplicate.pos[0]);
    const where = at(duplicate.pos[0]);
    const first = firsts.get(duplicate.pos[0]);
    // Both lines, as kubectl's strict reader names them (sigs.k8s.io/yaml: `line N: key "name" already set in map`).
    // Counted back from the repeat, so it stays right when the text is a block inside a scenario file.
    const above = first === undefined ? undefined : where.line - at(first).line;
    const also =
      above === undefined
        ? ''
        : above === 0
          ? ' (first set earlier on this line)'
          : ` (first set ${above} line${above === 1 ? '' : 's'} above)`;
    context.warnings?.push(
      `${where.file}:${where.line}:${where.column}: duplicate key ${truncate(JSON.stringify(key))}${also}: the last value is used, as Argo CD does`,
    );
  }
  const [error] = doc.errors.filter((e) => e.code !== 'DUPLICATE_KEY');
  if (error) {
    const detail = error.code === 'RESOURCE_EXHAUSTION' ? tooDeep : `invalid YAML: ${error.message}`;
    throw new InputError(detail, at(error.pos[0]));
  }
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return []; // an empty document, as kubectl skips
  if (!isMap(root)) {
    const found = isSeq(root) ? 'a list' : `the ${typeof doc.toJS()} ${truncate(JSON.stringify(doc.toJS()))}`;
    throw new InputError(
      `a document must be a Kubernetes object (a mapping with apiVersion, kind and metadata), found ${found}`,
      at(root.range?.[0]),
    );
  }
  if (mayHaveAliases) checkAliases(doc, at);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (message.includes('Excessive alias count')) {
      throw new InputError(
        `too many YAML alias expansions (over ${maxAliasCount}): refusing what looks like an alias bomb`,
        at(findAlias(doc, () => true)?.range?.[0]),
      );
    }
    const unresolved = findAlias(doc, (alias) => alias.resolve(doc) === undefined);
    if (unresolved) {
      throw new InputError(
        `YAML alias *${unresolved.source} has no anchor &${unresolved.source} before it`,
        at(unresolved.range?.[0]),
      );
    }
    throw new InputError(`invalid YAML: ${message}`, at(root.range[0]));
  }

  const object = value as KubeObject;
  const items: Array<{ object: unknown; path: YamlPath }> =
    object.apiVersion === 'v1' && object.kind === 'List' && Array.isArray(object.items)
      ? object.items.map((item: unknown, i: number) => ({ object: item, path: ['items', i] }))
      : [{ object, path: [] }];
  return items.map(({ object: item, path }) => {
    const refused = refusedAtSync(item);
    const issue = refused ? null : validateObject(item, { requireName: context.requireName ?? true });
    if (issue) throw new InputError(issue.message, at(nodeAt(doc, [...path, ...issue.path])?.range?.[0]));
    for (const problem of refused ?? []) {
      const where = at(nodeAt(doc, [...path, ...problem.path])?.range?.[0]);
      context.warnings?.push(
        `${where.file}:${where.line}:${where.column}: ${problem.path.join('.')}: the API server will refuse this ` +
          `object at sync: ${problem.message}`,
      );
    }
    const position = at(nodeAt(doc, path)?.range?.[0]);
    const fields = fieldPositions(doc, item as KubeObject, path, at);
    return { object: item as KubeObject, position: fields ? { ...position, fields } : position };
  });
}

/**
 * Where the fields a later check names (limits.ts `positionedFields`, such as `spec.replicas`) were written, so
 * that its error points at the value; undefined when the object has none of them (most objects).
 */
function fieldPositions(
  doc: Document.Parsed,
  object: KubeObject,
  path: YamlPath,
  at: (offset: number | undefined) => SourcePosition,
): SourcePosition['fields'] {
  let fields: Record<string, SourcePosition> | undefined;
  for (const field of positionedFields) {
    const segments = field.split('.');
    let value: unknown = object;
    for (const segment of segments) value = (value as Record<string, unknown> | undefined)?.[segment];
    if (value === undefined) continue;
    const node = doc.getIn([...path, ...segments], true) as YamlNode | undefined;
    if (node?.range) (fields ??= {})[field] = at(node.range[0]);
  }
  return fields;
}

/** An alias inside the node it refers to would make the object infinitely deep. */
function checkAliases(doc: Document.Parsed, at: (offset: number | undefined) => SourcePosition): void {
  visit(doc, {
    Alias(_key, alias, path) {
      const target = alias.resolve(doc);
      if (target && path.includes(target)) {
        throw new InputError(
          `YAML alias *${alias.source} refers to a node that contains it`,
          at(alias.range?.[0]),
        );
      }
    },
  });
}

function findAlias(doc: Document.Parsed, predicate: (alias: Alias) => boolean): Alias | undefined {
  let found: Alias | undefined;
  visit(doc, {
    Alias(_key, alias) {
      if (!predicate(alias)) return;
      found = alias;
      return visit.BREAK;
    },
  });
  return found;
}

/** The deepest node along `path` (so a missing field points at its parent mapping). */
function nodeAt(doc: Document.Parsed, path: YamlPath): YamlNode | undefined {
  let node: unknown = doc.contents;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    const next = isMap(node) || isSeq(node) ? node.get(segment, true) : undefined;
    if (next === undefined || next === null) break;
    node = next;
  }
  return node as YamlNode | undefined;
}

/** UTF-8 byte length without allocating an encoded copy. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The mapping key written at `offset` (the parser points at its first character): up to the `:` that ends it. */
/** For each repeated key of a mapping, where that key was first written: offset of the repeat → of the first. */
function firstKeys(doc: Document.Parsed): Map<number, number> {
  const firsts = new Map<number, number>();
  visit(doc, {
    Map(_, map) {
      const seen = new Map<unknown, number>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        const offset = (pair.key as YamlNode | null)?.range?.[0];
        if (offset === undefined) continue;
        const first = seen.get(key);
        if (first === undefined) seen.set(key, offset);
        else firsts.set(offset, first);
      }
    },
  });
  return firsts;
}

function keyAt(text: string, offset: number): string {
  const end = text.indexOf('\n', offset);
  const line = text.slice(offset, end < 0 ? text.length : end);
  return (/^(.*?)\s*:(?:\s|$)/.exec(line)?.[1] ?? line).trim();
}

/**
 * The wrongly typed fields of an object the reader reads anyway, or undefined when it has none or the reader must
 * refuse it: Argo CD reads manifests without decoding them into their Go types, and the field fails the sync, at
 * the apply, in the API server's words (engine decodingError.ts, clusterPorts.ts; e2e TestSyncOptionValidateFalse,
 * and TestAutoSyncRetryAndRefreshEnabled, whose `revisionHistoryLimit: badValue` commit fails its syncs). With or
 * without `Validate=false`: that option skips kubectl's client-side validation, and Kubernetes ≥ 1.25 decodes on
 * the server either way. Only when every issue is one the server's decoding reports: the object without those
 * fields must be valid. Each field is then a warning at its place, so the reader still points at the line.
 */
function refusedAtSync(item: unknown): DecodingProblem[] | undefined {
  const object = item as KubeObject;
  if (!decodingProblem(object)) return undefined;
  const copy = structuredClone(object);
  const problems: DecodingProblem[] = [];
  for (
    let problem = decodingProblem(copy), n = 0;
    problem && n < 1000;
    problem = decodingProblem(copy), n++
  ) {
    problems.push(problem);
    removeAt(copy, problem.path);
  }
  return validateObject(copy) === null ? problems : undefined;
}

function removeAt(root: JsonAny, path: (string | number)[]): void {
  let parent = root;
  for (const segment of path.slice(0, -1)) parent = parent[segment];
  delete parent[path[path.length - 1]];
}
