import type { JsonAny } from '../types';
import { clone, deepEqual } from '../util/clone';

/**
 * The part of jq that `ignoreDifferences.jqPathExpressions` is written in, in Argo CD's docs
 * (docs/user-guide/diffing.md) and tests (util/argo/normalizers/diff_normalizer_test.go): a path of fields
 * (`.spec.replicas`, `."app.kubernetes.io/name"`, `.["x"]`), iterations (`[]`, `[]?`) and indexes (`[0]`),
 * piped into `select(PATH == LITERAL)` or `select(PATH != LITERAL)` and further paths. Argo CD runs
 * `del(<expression>)` with gojq (diff_normalizer.go `NewIgnoreNormalizer`); the sandbox evaluates the same
 * expression to the paths it names and deletes them as `del` does. Anything else is refused when the
 * Application is read (`jqSubsetProblem`), so an expression is never accepted and then read differently.
 */

type Segment = { field: string } | { index: number } | { iterate: true; optional: boolean };
type Literal = string | number | boolean | null;
type Stage = { path: Segment[] } | { select: { path: Segment[]; op: '==' | '!='; value: Literal } };

/** A parsed expression. */
export interface JqPath {
  stages: Stage[];
}

/** A run-time error of the expression (jq's own, e.g. "Cannot iterate over null"): the patch is skipped. */
export class JqRunError extends Error {}

const refusal =
  'the sandbox reads only jq paths (.a.b, ."a.b", .a[], .a[]?, .a[0]) piped into select(PATH == LITERAL) or select(PATH != LITERAL); Argo CD would run it with gojq';

/** Why the sandbox cannot read `expression`, or undefined when `parseJqPath` reads it. */
export function jqSubsetProblem(expression: string): string | undefined {
  try {
    parseJqPath(expression);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Parse an expression of the subset; throws an Error with one sentence when it is outside it. */
export function parseJqPath(expression: string): JqPath {
  const reader = new Reader(expression);
  const stages: Stage[] = [reader.stage()];
  while (reader.eat('|')) stages.push(reader.stage());
  reader.end();
  return { stages };
}

class Reader {
  private i = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new Error(`jqPathExpression "${this.text}": ${refusal}`);
  }

  private space(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  eat(token: string): boolean {
    this.space();
    if (this.text.startsWith(token, this.i)) {
      this.i += token.length;
      return true;
    }
    return false;
  }

  end(): void {
    this.space();
    if (this.i !== this.text.length) this.fail();
  }

  stage(): Stage {
    this.space();
    if (this.text.startsWith('select', this.i)) {
      this.i += 'select'.length;
      if (!this.eat('(')) this.fail();
      const path = this.path();
      const op = this.eat('==') ? '==' : this.eat('!=') ? '!=' : this.fail();
      const value = this.literal();
      if (!this.eat(')')) this.fail();
      return { select: { path, op, value } };
    }
    return { path: this.path() };
  }

  /** `.`, then fields and brackets. */
  path(): Segment[] {
    this.space();
    if (this.text[this.i] !== '.') this.fail();
    const segments: Segment[] = [];
    let first = true;
    for (;;) {
      const c = this.text[this.i];
      if (c === '.') {
        this.i++;
        const name = this.name();
        if (name !== undefined) segments.push({ field: name });
        else if (!first || this.text[this.i] !== '[') {
          // A lone `.` is the identity, only as the whole path.
          if (!(first && this.atPathEnd())) this.fail();
          return segments;
        }
      } else if (c === '[') {
        this.i++;
        this.space();
        if (this.text[this.i] === ']') {
          this.i++;
          const optional = this.text[this.i] === '?';
          if (optional) this.i++;
          segments.push({ iterate: true, optional });
        } else if (this.text[this.i] === '"') {
          segments.push({ field: this.string() });
          if (!this.eat(']')) this.fail();
        } else {
          const m = /^\d+/.exec(this.text.slice(this.i));
          if (!m) this.fail();
          this.i += m[0].length;
          segments.push({ index: Number(m[0]) });
          if (!this.eat(']')) this.fail();
        }
      } else return segments;
      first = false;
    }
  }

  private atPathEnd(): boolean {
    const rest = this.text.slice(this.i).trimStart();
    return rest === '' || rest.startsWith('|') || rest.startsWith('=') || rest.startsWith('!');
  }

  private name(): string | undefined {
    if (this.text[this.i] === '"') return this.string();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.i));
    if (!m) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  private string(): string {
    const m = /^"((?:[^"\\]|\\.)*)"/.exec(this.text.slice(this.i));
    if (!m) this.fail();
    this.i += m[0].length;
    try {
      return JSON.parse(`"${m[1]}"`) as string;
    } catch {
      return this.fail();
    }
  }

  private literal(): Literal {
    this.space();
    const rest = this.text.slice(this.i);
    if (rest.startsWith('"')) return this.string();
    const m = /^(true|false|null|-?\d+(?:\.\d+)?)/.exec(rest);
    if (!m) this.fail();
    this.i += m[0].length;
    return JSON.parse(m[0]) as Literal;
  }
}

type Located = { path: (string | number)[]; value: JsonAny };

/** The values one path segment leads to from `at` (jq's semantics for `.a`, `[n]`, `[]`, `[]?`). */
function step(at: Located, segment: Segment): Located[] {
  const { value } = at;
  if ('field' in segment) {
    if (value === null || value === undefined) return [{ path: [...at.path, segment.field], value: null }];
    if (typeof value !== 'object' || Array.isArray(value))
      throw new JqRunError(`Cannot index ${typeName(value)} with "${segment.field}"`);
    const own = Object.prototype.hasOwnProperty.call(value, segment.field);
    return [{ path: [...at.path, segment.field], value: own ? (value[segment.field] as JsonAny) : null }];
  }
  if ('index' in segment) {
    if (value === null || value === undefined) return [{ path: [...at.path, segment.index], value: null }];
    if (!Array.isArray(value)) throw new JqRunError(`Cannot index ${typeName(value)} with number`);
    return [{ path: [...at.path, segment.index], value: (value[segment.index] as JsonAny) ?? null }];
  }
  if (Array.isArray(value)) return value.map((v, i) => ({ path: [...at.path, i], value: v as JsonAny }));
  if (value !== null && typeof value === 'object')
    return Object.keys(value).map((k) => ({ path: [...at.path, k], value: value[k] as JsonAny }));
  if (segment.optional) return [];
  throw new JqRunError(`Cannot iterate over ${typeName(value)}`);
}

function typeName(value: JsonAny): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

function follow(from: Located[], segments: Segment[]): Located[] {
  let current = from;
  for (const segment of segments) current = current.flatMap((at) => step(at, segment));
  return current;
}

/** The paths `expression` names in `doc` (what `path(<expression>)` outputs); throws JqRunError as jq would. */
export function jqPaths(expression: JqPath, doc: JsonAny): (string | number)[][] {
  let current: Located[] = [{ path: [], value: doc }];
  for (const stage of expression.stages) {
    if ('path' in stage) current = follow(current, stage.path);
    else {
      const { path, op, value } = stage.select;
      current = current.filter((at) => {
        const got = follow([{ path: [], value: at.value }], path);
        return got.some((g) => deepEqual(g.value, value) === (op === '=='));
      });
    }
  }
  return current.map((at) => at.path);
}

/**
 * jq's `delpaths`: every path removed from a copy of `doc`, the last first, so that removing an array element
 * does not move the ones still to remove. A path through a missing field removes nothing.
 */
export function deletePaths(doc: JsonAny, paths: (string | number)[][]): JsonAny {
  if (paths.length === 0) return doc;
  const copy = clone(doc);
  const sorted = [...paths].sort(comparePaths).reverse();
  for (const path of sorted) {
    if (path.length === 0) return null;
    let parent: JsonAny = copy;
    for (const key of path.slice(0, -1)) {
      parent = parent?.[key as never];
      if (parent === null || typeof parent !== 'object') break;
    }
    if (parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1];
    if (Array.isArray(parent) && typeof last === 'number') {
      if (last < parent.length) parent.splice(last, 1);
    } else if (!Array.isArray(parent) && typeof last === 'string') delete parent[last];
  }
  return copy;
}

function comparePaths(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === 'number' && typeof b[i] === 'number') return (a[i] as number) - (b[i] as number);
    return String(a[i]) < String(b[i]) ? -1 : 1;
  }
  return a.length - b.length;
}
