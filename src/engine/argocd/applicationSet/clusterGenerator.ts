/**
 * The `clusters` generator (applicationset/generators/cluster.go, argocd-semantics.md §5.13): one parameter set per
 * cluster Secret in `argocd` that its label selector matches (the selector gets `argocd.argoproj.io/secret-type:
 * cluster` added), then the in-cluster default unless the selector is non-empty or a Secret has its address. Each
 * set has `name`, `nameNormalized`, `server`, `project` and the Secret's labels and annotations: flattened to
 * `metadata.labels.<key>` without goTemplate, as a `metadata` map with it (so `{{index .metadata.labels "env"}}`).
 * `values` are rendered with those parameters and added as `values.<key>` (value_interpolation.go). With `flatList`
 * every cluster goes into one set, `clusters`.
 *
 * Argo CD keeps the Secrets in a map by cluster name (`getSecretsByClusterName`), so two Secrets of one name give
 * one set, and it walks that map in Go's random order; the sandbox walks them by name, which changes nothing a
 * user sees (the generated Applications are sorted by name).
 */
import { matchesSelector } from '../../controllers/labelSelector';
import type { JsonAny, KubeObject } from '../../types';
import { setOwn } from '../../util/setOwn';
import { clusterOfSecret, IN_CLUSTER_NAME, IN_CLUSTER_SERVER, SECRET_TYPE_LABEL } from '../clusterSecrets';
import { goTemplateOptionsFrom, renderGoTemplate } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';
import type { GeneratorResult } from './listGenerator';

const operators = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

export function clusterParams(
  generator: JsonAny,
  secrets: readonly KubeObject[],
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
): GeneratorResult {
  const spec = generator ?? {};
  const selector = spec.selector ?? {};
  const expressions: JsonAny[] = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  const matchLabels: Record<string, string> = selector.matchLabels ?? {};
  const ignoreLocal = expressions.length > 0 || Object.keys(matchLabels).length > 0;
  // metav1.LabelSelectorAsSelector's refusal of an operator it does not know.
  const bad = expressions.find((e) => !operators.has(e?.operator));
  if (bad)
    return {
      ok: false,
      error: `error getting cluster secrets: error converting label selector: "${bad?.operator ?? ''}" is not a valid label selector operator`,
    };
  const withType = {
    matchLabels: { ...matchLabels, [SECRET_TYPE_LABEL]: 'cluster' },
    matchExpressions: expressions,
  };
  const byName = new Map<string, KubeObject>();
  for (const secret of secrets) {
    if (secret.kind !== 'Secret' || secret.metadata.deletionTimestamp) continue;
    if (!matchesSelector(secret.metadata.labels, withType)) continue;
    byName.set(clusterOfSecret(secret).name, secret);
  }
  const values: Record<string, JsonAny> = spec.values ?? {};
  const all: Record<string, JsonAny>[] = [];
  const names = [...byName.keys()].sort();
  for (const name of names) {
    const params = secretParams(byName.get(name)!, goTemplate);
    const error = appendValues(values, params, goTemplate, goTemplateOptions);
    if (error) return { ok: false, error: `error appending templated values for cluster: ${error}` };
    all.push(params);
  }
  const hasLocal = [...byName.values()].some((s) => clusterOfSecret(s).server === IN_CLUSTER_SERVER);
  if (!ignoreLocal && !hasLocal) {
    const params: Record<string, JsonAny> = {
      name: IN_CLUSTER_NAME,
      nameNormalized: IN_CLUSTER_NAME,
      server: IN_CLUSTER_SERVER,
      project: '',
    };
    const error = appendValues(values, params, goTemplate, goTemplateOptions);
    if (error) return { ok: false, error: `error appending templated values for local cluster: ${error}` };
    all.push(params);
  }
  return { ok: true, params: spec.flatList === true ? [{ clusters: all }] : all };
}

/** cluster.go `getClusterParameters`. */
function secretParams(secret: KubeObject, goTemplate: boolean): Record<string, JsonAny> {
  const cluster = clusterOfSecret(secret);
  const params: Record<string, JsonAny> = {
    name: cluster.name,
    nameNormalized: sanitizeName(cluster.name),
    // The Secret's `server` as written (the generator does not trim it).
    server: secretServer(secret),
    project: cluster.project,
  };
  if (goTemplate) {
    const meta: Record<string, JsonAny> = {};
    if (Object.keys(cluster.annotations).length > 0) meta.annotations = cluster.annotations;
    if (Object.keys(cluster.labels).length > 0) meta.labels = cluster.labels;
    params.metadata = meta;
  } else {
    for (const [key, value] of Object.entries(cluster.annotations))
      setOwn(params, `metadata.annotations.${key}`, value);
    for (const [key, value] of Object.entries(cluster.labels))
      setOwn(params, `metadata.labels.${key}`, value);
  }
  return params;
}

function secretServer(secret: KubeObject): string {
  const plain = secret.stringData?.server;
  return typeof plain === 'string' ? plain : clusterOfSecret(secret).server;
}

/** value_interpolation.go `appendTemplatedValues`: each value rendered with the parameters, then added. */
export function appendValues(
  values: Record<string, JsonAny>,
  params: Record<string, JsonAny>,
  goTemplate: boolean,
  goTemplateOptions: readonly string[] | undefined,
): string | undefined {
  const rendered: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = typeof value === 'string' ? value : String(value);
    const result = goTemplate
      ? renderGoTemplate(text, params, goTemplateOptionsFrom(goTemplateOptions as string[] | undefined))
      : renderFastTemplate(text, params);
    if (!result.ok)
      return `failed to replace templated string: failed to replace templated string with rendered values: ${result.error}`;
    setOwn(rendered, key, result.value);
  }
  if (goTemplate) {
    if (Object.keys(rendered).length > 0) params.values = rendered;
  } else for (const [key, value] of Object.entries(rendered)) setOwn(params, `values.${key}`, value);
  return undefined;
}

/**
 * applicationset/utils/template_functions.go `SanitizeName`: lower case, every character but `[-a-z0-9.]` a dash,
 * at most 253 characters, no leading or trailing dash or dot (TestSanitizeClusterName).
 */
export function sanitizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^-a-z0-9.]/g, '-')
    .slice(0, 253)
    .replace(/^[-.]+|[-.]+$/g, '');
}
