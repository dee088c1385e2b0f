/**
 * The matrix and merge generators (applicationset/generators/matrix.go, merge.go; argocd-semantics.md §5.13): they
 * combine the parameter sets of child generators. Each child is one generator (`getParams`: "child generator
 * generated no parameters" when it names none). Errors are Argo CD's, wrapped as its code wraps them.
 */
import type { JsonAny } from '../../types';
import { setOwn } from '../../util/setOwn';
import { goTemplateOptionsFrom, renderGoTemplate } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';
import type { GeneratorResult } from './listGenerator';

type Params = Record<string, JsonAny>;
/** Runs one child generator, its spec already interpolated. */
type Child = (generator: JsonAny) => GeneratorResult;

/** matrix.go `GenerateParams`: every set of the first child with every set the second makes from it. */
export function matrixParams(
  spec: JsonAny,
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
  child: Child,
): GeneratorResult {
  const generators: JsonAny[] = Array.isArray(spec?.generators) ? spec.generators : [];
  if (generators.length < 2)
    return { ok: false, error: 'found less than two generators, Matrix support only two' };
  if (generators.length > 2)
    return { ok: false, error: 'found more than two generators, Matrix support only two' };
  const first = childParams(generators[0], child);
  if (!first.ok)
    return {
      ok: false,
      error: `error failed to get params for first generator in matrix generator: ${first.error}`,
    };
  const out: Params[] = [];
  for (const a of first.params) {
    // generator_spec_processor.go `Transform`: with parameters, the second child's spec is rendered with them first.
    const interpolated = interpolate(generators[1], a, goTemplate, goTemplateOptions);
    const second = interpolated.ok ? childParams(interpolated.value, child) : interpolated;
    if (!second.ok)
      return {
        ok: false,
        error: `failed to get params for second generator in the matrix generator: ${second.error}`,
      };
    for (const b of second.params) {
      if (goTemplate) out.push(mergeOverride(mergeOverride({}, b), a));
      else {
        const combined = combineStringMaps(a, b);
        if (typeof combined === 'string')
          return {
            ok: false,
            error: `failed to combine string maps with merging params for the matrix generator: ${combined}`,
          };
        out.push(combined);
      }
    }
  }
  return { ok: true, params: out };
}

/** merge.go `GenerateParams`: the first child's sets, each overridden by the later children's set of equal merge keys. */
export function mergeParams(spec: JsonAny, goTemplate: boolean, child: Child): GeneratorResult {
  const generators: JsonAny[] = Array.isArray(spec?.generators) ? spec.generators : [];
  if (generators.length < 2)
    return { ok: false, error: 'found less than two generators, Merge requires two or more' };
  const sets: Params[][] = [];
  for (const [i, generator] of generators.entries()) {
    const result = childParams(generator, child);
    if (!result.ok)
      return {
        ok: false,
        error: `error getting param sets from generators: error getting params from generator ${i + 1} of ${generators.length}: ${result.error}`,
      };
    sets.push(result.params);
  }
  const keys: string[] = Array.isArray(spec?.mergeKeys) ? spec.mergeKeys.map(String) : [];
  const base = byMergeKey(keys, sets[0]);
  if (typeof base === 'string') return { ok: false, error: `error getting param sets by merge key: ${base}` };
  for (const paramSets of sets.slice(1)) {
    const others = byMergeKey(keys, paramSets);
    if (typeof others === 'string')
      return { ok: false, error: `error getting param sets by merge key: ${others}` };
    for (const [key, set] of base) {
      const override = others.get(key);
      if (!override) continue;
      base.set(key, goTemplate ? mergeOverride(set, override) : { ...set, ...override });
    }
  }
  // Argo CD returns them in Go's map order; the sandbox in the first child's order.
  return { ok: true, params: [...base.values()] };
}

/** merge.go `getParamSetsByMergeKey`: the sets by the JSON of their merge keys' values (keys sorted, as Go's). */
function byMergeKey(mergeKeys: readonly string[], sets: readonly Params[]): Map<string, Params> | string {
  if (mergeKeys.length < 1) return 'no merge keys were specified, Merge requires at least one';
  const keys = [...new Set(mergeKeys)].sort();
  const out = new Map<string, Params>();
  for (const set of sets) {
    const id = JSON.stringify(Object.fromEntries(keys.map((k) => [k, set[k] ?? null])));
    if (out.has(id))
      return `the parameters from a generator were not unique by the given mergeKeys, Merge requires all param sets to be unique. Duplicate key was ${id}`;
    out.set(id, { ...set });
  }
  return out;
}

/** A child of matrix or merge: exactly one generator (matrix.go, merge.go `getParams`). */
function childParams(generator: JsonAny, child: Child): GeneratorResult {
  const kinds = Object.keys(generator ?? {}).filter((k) => k !== 'selector');
  if (kinds.length === 0)
    return {
      ok: false,
      error:
        'child generator returned an error on parameter generation: child generator generated no parameters',
    };
  if (kinds.length > 1) return { ok: false, error: 'found more than one generator in matrix.Generators' };
  const result = child(generator);
  return result.ok
    ? result
    : { ok: false, error: `child generator returned an error on parameter generation: ${result.error}` };
}

/** utils/map.go `CombineStringMaps`: a key both have must have one value. */
function combineStringMaps(a: Params, b: Params): Params | string {
  const out: Params = {};
  for (const [k, v] of Object.entries(a)) setOwn(out, k, String(v));
  for (const [k, v] of Object.entries(b)) {
    const value = String(v);
    if (Object.hasOwn(out, k) && out[k] !== value)
      return `found duplicate key ${k} with different value, a: ${String(out[k])} ,b: ${value}`;
    setOwn(out, k, value);
  }
  return out;
}

/** mergo.Merge(dst, src, WithOverride): src's non-empty values win; maps are merged key by key. */
function mergeOverride(dst: Params, src: Params): Params {
  const out: Params = { ...dst };
  for (const [k, v] of Object.entries(src)) {
    const current = out[k];
    if (isMap(v) && isMap(current)) setOwn(out, k, mergeOverride(current, v));
    else if (!isEmpty(v)) setOwn(out, k, v);
    else if (!Object.hasOwn(out, k)) setOwn(out, k, v);
  }
  return out;
}

const isMap = (v: JsonAny): v is Params => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEmpty = (v: JsonAny) => v === null || v === undefined || v === '' || v === 0 || v === false;

/** generators/utils.go `InterpolateGenerator`: every string of the spec rendered with `params`. */
function interpolate(
  value: JsonAny,
  params: Params,
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
): { ok: true; value: JsonAny } | { ok: false; error: string } {
  if (typeof value === 'string') {
    const r = goTemplate
      ? renderGoTemplate(value, params, goTemplateOptionsFrom(goTemplateOptions as string[] | undefined))
      : renderFastTemplate(value, params);
    return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
  }
  if (Array.isArray(value)) {
    const out: JsonAny[] = [];
    for (const item of value) {
      const r = interpolate(item, params, goTemplate, goTemplateOptions);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isMap(value)) {
    const out: Params = {};
    for (const [k, item] of Object.entries(value)) {
      const r = interpolate(item, params, goTemplate, goTemplateOptions);
      if (!r.ok) return r;
      setOwn(out, k, r.value);
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}
