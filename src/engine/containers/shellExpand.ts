import type { Word, WordPart } from './shellLexer';

/**
 * Word expansion of the sandbox's `sh`: parameters (`$X`, `${X:-default}`, `$?`), arithmetic (`$((i + 1))`)
 * and field splitting of unquoted expansions. There are no processes to run inside `$(…)`, so command
 * substitution only knows `seq`, `hostname` and `echo`; anything else expands to nothing.
 */
export interface ExpandContext {
  vars: Map<string, string>;
  /** `$?`. */
  status: number;
  /** `$0`. */
  name: string;
  /** `$1`, `$2`, …: the positional parameters (`sh -c 'script' name arg…`, `set -- arg…`). */
  args: readonly string[];
  /** `$-`: the set options, e.g. `ex`. */
  flags: string;
}

/** An expansion error: dash prints `sh: 1: <message>` and the shell exits with status 2. */
export class ShellExpansionError extends Error {}

/** Expand a word into fields (what becomes the arguments of a command). */
export function expandWord(word: Word, ctx: ExpandContext): string[] {
  const fields: string[] = [];
  let current = '';
  let started = false;
  for (const part of word.parts) {
    const value = expandPart(part, ctx);
    if (part.type === 'text' || part.quoted) {
      current += value;
      started ||= part.quoted || value !== '';
      continue;
    }
    // Unquoted expansions are split on blanks (IFS is never changed in the sandbox).
    const pieces = value.split(/[ \t\n]+/);
    pieces.forEach((piece, k) => {
      if (k > 0) {
        if (started) fields.push(current);
        current = '';
        started = false;
      }
      if (piece !== '') {
        current += piece;
        started = true;
      }
    });
  }
  if (started) fields.push(current);
  return fields;
}

/** Expand a word to one string, without field splitting (assignments, redirection targets). */
export function expandString(word: Word, ctx: ExpandContext): string {
  return word.parts.map((p) => expandPart(p, ctx)).join('');
}

function expandPart(part: WordPart, ctx: ExpandContext): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'arith':
      return String(evalArithmetic(part.expr, ctx));
    case 'subst':
      return substitute(part.script.trim(), ctx);
    case 'param':
      return expandParam(part, ctx);
  }
}

function lookup(name: string, ctx: ExpandContext): string | undefined {
  if (name === '?') return String(ctx.status);
  if (name === '$') return '1';
  if (name === '#') return String(ctx.args.length);
  if (name === '0') return ctx.name;
  if (name === '-') return ctx.flags;
  if (/^[1-9]$/.test(name)) return ctx.args[Number(name) - 1];
  // `"$@"` should give one field per parameter; the sandbox joins them as `"$*"` does, which is the same for
  // the one-word arguments container commands pass.
  if (name === '@' || name === '*') return ctx.args.length ? ctx.args.join(' ') : undefined;
  if (name === '!') return undefined;
  return ctx.vars.get(name);
}

function expandParam(part: Extract<WordPart, { type: 'param' }>, ctx: ExpandContext): string {
  const value = lookup(part.name, ctx);
  const arg = () => part.arg.map((p) => expandPart(p, ctx)).join('');
  const unsetOrEmpty = value === undefined || (part.op.startsWith(':') && value === '');
  switch (part.op) {
    case '#':
      return String((value ?? '').length);
    case '-':
    case ':-':
      return unsetOrEmpty ? arg() : value!;
    case '=':
    case ':=': {
      if (!unsetOrEmpty) return value!;
      const v = arg();
      ctx.vars.set(part.name, v);
      return v;
    }
    case '+':
    case ':+':
      return unsetOrEmpty ? '' : arg();
    case '?':
    case ':?':
      if (unsetOrEmpty) throw new ShellExpansionError(`${part.name}: ${arg() || 'parameter not set'}`);
      return value!;
    default:
      return value ?? '';
  }
}

function substitute(script: string, ctx: ExpandContext): string {
  const seq = /^seq\s+(-?\d+)(?:\s+(-?\d+))?(?:\s+(-?\d+))?$/.exec(script);
  if (seq) {
    const nums = seq
      .slice(1)
      .filter((s) => s !== undefined)
      .map(Number);
    const [first, step, last] =
      nums.length === 1 ? [1, 1, nums[0]] : nums.length === 2 ? [nums[0], 1, nums[1]] : nums;
    const out: number[] = [];
    for (let n = first; step > 0 ? n <= last : n >= last; n += step)
      if (out.push(n) > 10_000 || step === 0) break;
    return out.join('\n');
  }
  if (script === 'hostname') return ctx.vars.get('HOSTNAME') ?? '';
  const echo = /^echo\s+(.*)$/.exec(script);
  if (echo)
    return echo[1].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => ctx.vars.get(n) ?? '');
  return '';
}

/** `$((…))`: integers with + - * / % ( ) comparisons, && || ! and variable names, as in dash. */
export function evalArithmetic(expr: string, ctx: ExpandContext): number {
  const source = expr.replace(
    /\$\{?([A-Za-z_][A-Za-z0-9_]*|\?)\}?/g,
    (_, n: string) => lookup(n, ctx) ?? '0',
  );
  const tokens = source.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!]/g) ?? [];
  if (tokens.join('') !== source.replace(/\s+/g, '')) throw arithmeticError(expr);
  let i = 0;
  const value = (name: string) => {
    const v = Number(ctx.vars.get(name) ?? 0);
    return Number.isFinite(v) ? Math.trunc(v) : 0;
  };
  const levels = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
  const binary = (level: number): number => {
    if (level === levels.length) return unary();
    let left = binary(level + 1);
    while (i < tokens.length && levels[level].includes(tokens[i])) {
      const op = tokens[i++];
      left = apply(op, left, binary(level + 1));
    }
    return left;
  };
  const unary = (): number => {
    const t = tokens[i++];
    if (t === undefined) throw arithmeticError(expr);
    if (t === '-') return -unary();
    if (t === '+') return unary();
    if (t === '!') return unary() === 0 ? 1 : 0;
    if (t === '(') {
      const v = binary(0);
      if (tokens[i++] !== ')') throw arithmeticError(expr);
      return v;
    }
    if (/^\d+$/.test(t)) return Number(t);
    if (/^[A-Za-z_]/.test(t)) return value(t);
    throw arithmeticError(expr);
  };
  const apply = (op: string, a: number, b: number): number => {
    if ((op === '/' || op === '%') && b === 0)
      throw new ShellExpansionError('arithmetic expression: division by zero');
    const table: Record<string, () => number | boolean> = {
      '||': () => a !== 0 || b !== 0,
      '&&': () => a !== 0 && b !== 0,
      '==': () => a === b,
      '!=': () => a !== b,
      '<': () => a < b,
      '>': () => a > b,
      '<=': () => a <= b,
      '>=': () => a >= b,
      '+': () => a + b,
      '-': () => a - b,
      '*': () => a * b,
      '/': () => Math.trunc(a / b),
      '%': () => a % b,
    };
    return Number(table[op]());
  };
  const result = binary(0);
  if (i !== tokens.length) throw arithmeticError(expr);
  return result;
}

function arithmeticError(expr: string): ShellExpansionError {
  return new ShellExpansionError(`arithmetic expression: expecting primary: "${expr.trim()}"`);
}
