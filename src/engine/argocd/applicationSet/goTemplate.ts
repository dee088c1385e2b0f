/**
 * A subset of Go's `text/template`, as Argo CD's ApplicationSet controller runs it for `goTemplate: true`
 * (argocd-semantics.md §5.1 "Generation"; applicationset/utils/utils.go `Replace`). The template is named `base`
 * there, so every message below says `base`, and the messages are Go's own words so that a user can search them.
 *
 * Supported: literal text, `{{ pipeline }}` with `{{-`/`-}}` trimming, the dot, field chains (`.a.b`), double-quoted
 * string literals, and pipelines through the Sprig functions `lower`, `upper`, `trim` and `quote`. Anything else is
 * refused with Go's parse error (`function "x" not defined`) rather than rendered wrongly.
 */

import type { JsonAny } from '../../types';

/** The result of rendering one string: the text, or Argo CD's error message. */
export type RenderResult = { ok: true; value: string } | { ok: false; error: string };

/** `missingkey=error` makes a missing map key an error; the default prints `<no value>` (Go `text/template`). */
export interface GoTemplateOptions {
  missingKeyError: boolean;
}

/** Parses Argo CD's `goTemplateOptions` list; only `missingkey=…` has an effect in the simulator. */
export function goTemplateOptionsFrom(options: readonly string[] | undefined): GoTemplateOptions {
  let missingKeyError = false;
  for (const option of options ?? []) {
    if (option === 'missingkey=error') missingKeyError = true;
    else if (
      option === 'missingkey=default' ||
      option === 'missingkey=zero' ||
      option === 'missingkey=invalid'
    )
      missingKeyError = false;
  }
  return { missingKeyError };
}

/** A function gets its arguments, the piped value last (Go `text/template` pipelines). */
interface TemplateFunction {
  arity: number;
  call: (args: JsonAny[]) => JsonAny;
}

const stringFunction = (f: (value: string) => string): TemplateFunction => ({
  arity: 1,
  call: ([value]) => f(printed(value)),
});

const functions: Record<string, TemplateFunction> = {
  lower: stringFunction((value) => value.toLowerCase()),
  upper: stringFunction((value) => value.toUpperCase()),
  trim: stringFunction((value) => value.trim()),
  quote: stringFunction((value) => JSON.stringify(value)),
  // Go's builtin `index` over a map; a missing key gives the zero value, which prints `<no value>` for interfaces.
  index: {
    arity: 2,
    call: ([map, key]) =>
      map !== null && typeof map === 'object' && Object.prototype.hasOwnProperty.call(map, key)
        ? (map as Record<string, JsonAny>)[key]
        : null,
  },
};

/** Go's control keywords; the simulator refuses them clearly instead of misreading them as functions. */
const keywords = ['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue'];

/** One operand or function name of a command, with its offset in the template for Go's error positions. */
interface Term {
  kind: 'field' | 'dot' | 'string' | 'function';
  text: string;
  /** Field chain segments (`.a.b` → ['a', 'b']). */
  fields: string[];
  /** Go reports a chain at its second segment (parse.go builds a ChainNode there), a single field at its start. */
  position: number;
}

class TemplateError extends Error {}

/** Renders one string of the template. */
export function renderGoTemplate(
  template: string,
  params: Record<string, JsonAny>,
  options: GoTemplateOptions,
): RenderResult {
  let out = '';
  let cursor = 0;
  try {
    const actions = parseActions(template);
    for (const action of actions) {
      // The trims walk the text once with Go's own space set (lex.go `rightTrimLength`/`leftTrimLength`
      // over " \t\r\n"): a regular expression such as /\s+$/ retries at every space of a long run, which made
      // 200,000 spaces before `x{{- .n}}` take 95 s.
      let textEnd = action.start;
      if (action.trimLeft) while (textEnd > cursor && isGoSpace(template[textEnd - 1])) textEnd--;
      out += template.slice(cursor, textEnd);
      out += evaluate(template, action.terms, params, options);
      cursor = action.end;
      if (action.trimRight) while (cursor < template.length && isGoSpace(template[cursor])) cursor++;
    }
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof ParseError)
      return { ok: false, error: `failed to parse template ${template}: ${message}` };
    return { ok: false, error: `failed to execute go template ${template}: ${message}` };
  }
  out += template.slice(cursor);
  return { ok: true, value: out };
}

class ParseError extends Error {}

/** Go's `spaceChars` (text/template/parse/lex.go): what `{{-` and `-}}` trim. */
function isGoSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

/**
 * Matches a sticky expression at `at` without copying the rest of the template (a copy per term made parsing
 * quadratic in the length of one action). An action's body ends before `}}` or ` -}}`, which no name or field
 * chain can contain, so a match never runs past `to`.
 */
function matchAt(pattern: RegExp, template: string, at: number, to: number): string | undefined {
  pattern.lastIndex = at;
  const match = pattern.exec(template);
  return match && at + match[0].length <= to ? match[0] : undefined;
}

const fieldChain = /(\.[A-Za-z_][A-Za-z0-9_]*)+/y;
const identifier = /[A-Za-z_][A-Za-z0-9_]*/y;

interface Action {
  start: number;
  end: number;
  trimLeft: boolean;
  trimRight: boolean;
  /** Commands of the pipeline, each a list of terms. */
  terms: Term[][];
}

function lineOf(template: string, position: number): number {
  return 1 + (template.slice(0, position).match(/\n/g)?.length ?? 0);
}

function parseActions(template: string): Action[] {
  const actions: Action[] = [];
  let from = 0;
  for (;;) {
    const start = template.indexOf('{{', from);
    if (start < 0) return actions;
    const close = template.indexOf('}}', start + 2);
    if (close < 0) throw new ParseError(`template: base:${lineOf(template, start)}: unclosed action`);
    let bodyStart = start + 2;
    let bodyEnd = close;
    const trimLeft = template.startsWith('{{- ', start);
    if (trimLeft) bodyStart += 2;
    const trimRight = bodyEnd - 2 >= bodyStart && template.slice(bodyEnd - 2, bodyEnd) === ' -';
    if (trimRight) bodyEnd -= 2;
    actions.push({
      start,
      end: close + 2,
      trimLeft,
      trimRight,
      terms: parsePipeline(template, bodyStart, bodyEnd),
    });
    from = close + 2;
  }
}

function parsePipeline(template: string, from: number, to: number): Term[][] {
  const commands: Term[][] = [[]];
  let i = from;
  while (i < to) {
    const c = template[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '|') {
      commands.push([]);
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < to && template[j] !== '"') j += template[j] === '\\' ? 2 : 1;
      if (j >= to) throw new ParseError(`template: base:${lineOf(template, i)}: unterminated quoted string`);
      const text = JSON.parse(template.slice(i, j + 1)) as string;
      commands[commands.length - 1].push({ kind: 'string', text, fields: [], position: i });
      i = j + 1;
    } else if (c === '.') {
      const match = matchAt(fieldChain, template, i, to);
      if (!match) {
        commands[commands.length - 1].push({ kind: 'dot', text: '.', fields: [], position: i });
        i++;
        continue;
      }
      const fields = match.slice(1).split('.');
      const position = fields.length > 1 ? i + 1 + fields[0].length : i;
      commands[commands.length - 1].push({ kind: 'field', text: match, fields, position });
      i += match.length;
    } else {
      const match = matchAt(identifier, template, i, to);
      if (!match) {
        throw new ParseError(`template: base:${lineOf(template, i)}: unexpected "${c}" in command`);
      }
      if (keywords.includes(match)) {
        throw new ParseError(
          `template: base:${lineOf(template, i)}: {{${match}}} is not supported by the simulator (only fields, ` +
            `string literals and the functions ${Object.keys(functions).join(', ')})`,
        );
      }
      if (!Object.prototype.hasOwnProperty.call(functions, match)) {
        throw new ParseError(`template: base:${lineOf(template, i)}: function "${match}" not defined`);
      }
      commands[commands.length - 1].push({ kind: 'function', text: match, fields: [], position: i });
      i += match.length;
    }
  }
  if (commands.some((command) => command.length === 0)) {
    throw new ParseError(`template: base:${lineOf(template, from)}: missing value for command`);
  }
  return commands;
}

/** Go's `ErrorContext`: 1-based line, 0-based byte column of the node. */
function context(template: string, term: Term): string {
  const before = template.slice(0, term.position);
  const lastNewline = before.lastIndexOf('\n');
  const column = lastNewline < 0 ? term.position : term.position - lastNewline - 1;
  return `template: base:${lineOf(template, term.position)}:${column}: executing "base" at <${term.text}>`;
}

const NO_VALUE = Symbol('no value');

function evaluate(
  template: string,
  commands: Term[][],
  params: Record<string, JsonAny>,
  options: GoTemplateOptions,
): string {
  let piped: JsonAny | typeof NO_VALUE | undefined = undefined;
  for (const command of commands) {
    const [head, ...args] = command;
    if (head.kind === 'function') {
      const values = args.map((arg) => operand(template, arg, params, options));
      if (piped !== undefined) values.push(piped);
      const fn = functions[head.text];
      if (values.length !== fn.arity) {
        throw new TemplateError(
          `${context(template, head)}: wrong number of args for ${head.text}: want ${fn.arity} got ${values.length}`,
        );
      }
      piped = fn.call(values);
    } else {
      if (args.length > 0 || piped !== undefined) {
        throw new TemplateError(
          `${context(template, head)}: can't give argument to non-function ${head.text}`,
        );
      }
      piped = operand(template, head, params, options);
    }
  }
  return printed(piped);
}

function operand(
  template: string,
  term: Term,
  params: Record<string, JsonAny>,
  options: GoTemplateOptions,
): JsonAny | typeof NO_VALUE {
  if (term.kind === 'string') return term.text;
  if (term.kind === 'dot') return params;
  let value: JsonAny | typeof NO_VALUE = params;
  for (const field of term.fields) {
    if (value === NO_VALUE || value === null) {
      throw new TemplateError(`${context(template, term)}: nil pointer evaluating interface {}.${field}`);
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new TemplateError(
        `${context(template, term)}: can't evaluate field ${field} in type interface {}`,
      );
    }
    if (!Object.prototype.hasOwnProperty.call(value, field)) {
      if (options.missingKeyError) {
        throw new TemplateError(`${context(template, term)}: map has no entry for key "${field}"`);
      }
      value = NO_VALUE;
    } else {
      value = (value as Record<string, JsonAny>)[field];
    }
  }
  return value;
}

/** Go's `fmt.Print` of a JSON-decoded value. */
function printed(value: JsonAny | typeof NO_VALUE): string {
  if (value === NO_VALUE || value === undefined || value === null) return '<no value>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(printed).join(' ')}]`;
  const keys = Object.keys(value as object).sort();
  return `map[${keys.map((key) => `${key}:${printed((value as Record<string, JsonAny>)[key])}`).join(' ')}]`;
}
