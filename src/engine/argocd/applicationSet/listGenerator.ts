/**
 * The `list` generator (applicationset/generators/list.go): one parameter set per element. With `goTemplate` the
 * element is used as it is; without it every value must be a string, and the `values` map is flattened to
 * `values.<key>`. The other generators are in generateParams.ts.
 */
import type { JsonAny } from '../../types';
import { setOwn } from '../../util/setOwn';

export type GeneratorResult = { ok: true; params: Record<string, JsonAny>[] } | { ok: false; error: string };

/** One `list` generator's parameter sets (list.go `GenerateParams`). */
export function listParams(generator: JsonAny, goTemplate: boolean): GeneratorResult {
  const all: Record<string, JsonAny>[] = [];
  const elements = generator.list?.elements ?? [];
  if (!Array.isArray(elements)) return { ok: false, error: 'list generator: elements must be a list' };
  for (const element of elements as JsonAny[]) {
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      return { ok: false, error: 'error unmarshling list element: an element must be a map' };
    }
    if (goTemplate) {
      all.push(element);
      continue;
    }
    const params: Record<string, JsonAny> = {};
    for (const [key, value] of Object.entries(element as Record<string, JsonAny>)) {
      if (key === 'values') {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return { ok: false, error: 'error parsing values map' };
        }
        for (const [k, v] of Object.entries(value as Record<string, JsonAny>)) {
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
  return { ok: true, params: all };
}
