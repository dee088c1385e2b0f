import { isMap, parseDocument } from 'yaml';
import type { Json, RepoFileContent } from '../engine';

/**
 * A YAML or JSON file of a repository that is data, not manifests (a git files generator's `config.json`), decoded
 * as Argo CD's ApplicationSet controller decodes it (applicationset/generators/git.go `generateParamsFromGitFile`:
 * sigs.k8s.io/yaml into one object, else into a list of objects); or undefined when the file is manifests.
 *
 * A file is manifests when its first document is a mapping with `apiVersion` or `kind`, or when it does not parse
 * (the manifest reader then reports the error at its line). Any other file is data: an object, a list, an empty
 * file, or even a scalar, whose error the generator reports as Argo CD does when a pattern reaches it. Only an
 * Application's own path is rendered as manifests; `sourceProblem` refuses a path that holds a data file.
 */
export function repoDataFile(text: string): RepoFileContent | undefined {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  const contents = doc.contents;
  if (isMap(contents) && (contents.has('apiVersion') || contents.has('kind'))) return undefined;
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  return decoded(value);
}

/** sigs.k8s.io/yaml's verdict on a decoded value: into `map[string]any`, else into `[]map[string]any`. */
function decoded(value: unknown): RepoFileContent {
  const unmarshal = (type: string, into: string): RepoFileContent => ({
    error: `error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${type} into Go value of type ${into}`,
  });
  if (value === null || value === undefined) return { value: null };
  if (Array.isArray(value)) {
    for (const item of value)
      if (item !== null && (typeof item !== 'object' || Array.isArray(item)))
        return unmarshal(jsonType(item), 'map[string]interface {}');
    return { value: jsonValue(value.map((item: unknown) => item ?? {})) };
  }
  if (typeof value === 'object') return { value: jsonValue(value) };
  return unmarshal(jsonType(value), '[]map[string]interface {}');
}

/** The JSON type name Go's encoding/json puts in an UnmarshalTypeError. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'object' && value !== null) return 'object';
  return 'string';
}

/** YAML's own types (dates) as JSON has them, as YAMLToJSON converts them. */
function jsonValue(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
