/**
 * The `list` generator (applicationset/generators/list.go): one parameter set per element. With `goTemplate` the
 * element is used as it is; without it every value must be a string, and the `values` map is flattened to
 * `values.<key>`. Other generators are not simulated and are refused with a clear message.
 */
import type { Json } from '../../types';
import { setOwn } from '../../util/setOwn';

export type GeneratorResult = { ok: true; params: Record<string, Json>[] } | { ok: false; error: string };

/** Generators Argo CD knows; the simulator implements only `list`. */
const knownGenerators = [
  'list',
  'clusters',
  'git',
  'scmProvider',
  'clusterDecisionResource',
  'pullRequest',
  'matrix',
  'merge',
  'plugin',
];

export function generateParams(generators: Json, goTemplate: boolean): GeneratorResult {
  if (!Array.isArray(generators) || generators.length === 0) {
    return { ok: false, error: 'ApplicationSet has no generators' };
  }
  const all: Record<string, Json>[] = [];
  for (const generator of generators as Json[]) {
    const kinds = Object.keys(generator ?? {}).filter((key) => key !== 'selector');
    const kind = kinds[0];
    if (kind !== 'list') {
      const known = knownGenerators.includes(kind);
      return {
        ok: false,
        error: known
          ? `the ${kind} generator is not supported by the simulator; only the list generator is`
          : `unrecognized generator: ${kind ?? '(empty)'}`,
      };
    }
    const elements = generator.list?.elements ?? [];
    if (!Array.isArray(elements)) return { ok: false, error: 'list generator: elements must be a list' };
    for (const element of elements as Json[]) {
      if (element === null || typeof element !== 'object' || Array.isArray(element)) {
        return { ok: false, error: 'error unmarshling list element: an element must be a map' };
      }
      if (goTemplate) {
        all.push(element);
        continue;
      }
      const params: Record<string, Json> = {};
      for (const [key, value] of Object.entries(element as Record<string, Json>)) {
        if (key === 'values') {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) {
            return { ok: false, error: 'error parsing values map' };
          }
          for (const [k, v] of Object.entries(value as Record<string, Json>)) {
            if (typeof v !== 'string')
              return { ok: false, error: `error parsing value as string: values.${k}` };
            setOwn(params, `values.${k}`, v);
          }
        } else if (typeof value !== 'string') {
          return { ok: false, error: `error parsing value as string: ${key}` };
        } else {
          setOwn(params, key, value);
        }
      }
      all.push(params);
    }
  }
  return { ok: true, params: all };
}
