import type { JsonAny } from '../../engine';

/**
 * kubectl's `-o json` (four-space indent, as kubectl prints), `-o yaml` (a small block-style writer: the page
 * carries no YAML library) and `-o jsonpath=TEMPLATE` (kubectl's JSONPath subset: `{.a.b[0].c}`, `[*]`,
 * `['key']`, text around the braces printed as is).
 */
export function toJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 4);
}

/** A string YAML would read back as itself without quotes (no indicator first, no `: ` or ` #` inside). */
const plain = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n]*$/;
const reserved =
  /^(true|false|null|yes|no|on|off|y|n|~|[-+]?(\d[\d_]*)?\.?\d*([eE][-+]?\d+)?|0x[0-9a-f]+|\.inf|\.nan)$/i;

/** kubectl prints objects with their keys sorted (it goes through a map), in JSON and YAML alike. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    // Defined, not assigned: a `__proto__` key (valid in a ConfigMap's data) would set the prototype instead.
    if (v !== undefined)
      Object.defineProperty(out, k, {
        value: sortKeys(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

function scalar(value: JsonAny): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const s = String(value);
  if (s === '') return '""';
  const clean = plain.test(s) && !/: |\s#|\s$/.test(s);
  if (clean && !reserved.test(s)) return s;
  return JSON.stringify(s);
}

export function toYaml(value: JsonAny): string {
  return yamlOf(sortKeys(value) as JsonAny, '');
}

function yamlOf(value: JsonAny, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}[]\n`;
    return value
      .map((item) => {
        if (item !== null && typeof item === 'object' && Object.keys(item).length > 0) {
          const inner = yamlOf(item, `${indent}  `);
          return `${indent}- ${inner.slice(indent.length + 2)}`;
        }
        return `${indent}- ${inline(item)}\n`;
      })
      .join('');
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => value[k] !== undefined);
    if (keys.length === 0) return `${indent}{}\n`;
    return keys
      .map((k) => {
        const v = value[k];
        const key = scalar(k);
        if (v !== null && typeof v === 'object' && Object.keys(v).length > 0) {
          // kubectl (sigs.k8s.io/yaml) does not indent a list under its key.
          return `${indent}${key}:\n${yamlOf(v, Array.isArray(v) ? indent : `${indent}  `)}`;
        }
        if (typeof v === 'string' && v.includes('\n')) {
          const body = v.replace(/\n$/, '').split('\n');
          return `${indent}${key}: |${v.endsWith('\n') ? '' : '-'}\n${body.map((l) => `${indent}  ${l}`).join('\n')}\n`;
        }
        return `${indent}${key}: ${inline(v)}\n`;
      })
      .join('');
  }
  return `${indent}${scalar(value)}\n`;
}

function inline(v: JsonAny): string {
  if (Array.isArray(v)) return '[]';
  if (v !== null && typeof v === 'object') return '{}';
  return scalar(v);
}

export type JsonPathResult = { ok: true; text: string } | { ok: false; error: string };

/** Apply a kubectl JSONPath template to an object (or a List). */
export function jsonPath(template: string, root: JsonAny): JsonPathResult {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    const close = template.indexOf('}', open);
    if (close < 0) return { ok: false, error: `error: error parsing jsonpath ${template}, unclosed action` };
    const expr = template.slice(open + 1, close).trim();
    const values = evaluate(expr, root);
    if (!values.ok) return { ok: false, error: `error: error parsing jsonpath ${template}, ${values.error}` };
    out += values.values
      .map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)))
      .join(' ');
    i = close + 1;
  }
  return { ok: true, text: out };
}

function evaluate(
  expr: string,
  root: JsonAny,
): { ok: true; values: JsonAny[] } | { ok: false; error: string } {
  if (expr.startsWith('range') || expr === 'end')
    return { ok: false, error: 'range is not supported in this terminal' };
  let path = expr.startsWith('$') ? expr.slice(1) : expr;
  let current: JsonAny[] = [root];
  const step = /^(?:\.([\w-]+)|\[(\*|\d+|-\d+)\]|\['([^']*)'\]|\.\[)/;
  while (path.length > 0) {
    const m = step.exec(path);
    if (!m) return { ok: false, error: `unrecognized character in action: ${path}` };
    path = path.slice(m[0].length);
    if (m[0] === '.[') {
      path = `[${path}`;
      continue;
    }
    const next: JsonAny[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      if (m[1] !== undefined || m[3] !== undefined) {
        const key = m[1] ?? m[3];
        if (key in v) next.push(v[key]);
      } else if (m[2] === '*') next.push(...(Array.isArray(v) ? v : Object.values(v)));
      else if (Array.isArray(v)) {
        const n = Number(m[2]);
        const item = v[n < 0 ? v.length + n : n];
        if (item !== undefined) next.push(item);
        else return { ok: false, error: `array index out of bounds: index ${n}, length ${v.length}` };
      }
    }
    current = next;
  }
  return { ok: true, values: current };
}
