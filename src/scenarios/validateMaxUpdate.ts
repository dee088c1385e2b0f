import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';

/**
 * A RollingSync step's `maxUpdate` is an `*intstr.IntOrString` (pkg/apis/application/v1alpha1/applicationset_types.go
 * `ApplicationSetRolloutStep.MaxUpdate`), and the ApplicationSet CRD declares it `anyOf: [integer, string]` with
 * `x-kubernetes-int-or-string: true` (manifests/crds/applicationset-crd.yaml). The API server refuses anything else
 * when the set is applied, in the words of apiextensions-apiserver's schema validation (pkg/apiserver/validation/
 * validation_test.go `TestValidateCustomResource`, case "x-kubernetes-int-or-string"):
 * `field: Invalid value: "number": field in body must be of type integer,string: "number"`. `1.5`, `true`,
 * `1e308` and `[1]` were accepted (and 1.5 read as a limit of one and a half Applications).
 */
export function maxUpdateProblem(
  set: YamlNode | null | undefined,
): { message: string; node: YamlNode } | undefined {
  const steps = stepsOf(set);
  if (!isSeq(steps)) return undefined;
  for (const [index, step] of steps.items.entries()) {
    if (!isMap(step)) continue;
    const pair = step.items.find((item) => isScalar(item.key) && item.key.value === 'maxUpdate');
    if (!pair) continue;
    const value = pair.value as YamlNode | null;
    const type = jsonType(value);
    if (type === 'integer' || type === 'string') continue;
    const field = `spec.strategy.rollingSync.steps[${index}].maxUpdate`;
    return {
      message: `${field}: Invalid value: "${type}": ${field} in body must be of type integer,string: "${type}"`,
      node: value ?? (pair.key as YamlNode),
    };
  }
  return undefined;
}

function stepsOf(set: YamlNode | null | undefined): unknown {
  let node: unknown = set;
  for (const key of ['spec', 'strategy', 'rollingSync', 'steps']) {
    if (!isMap(node)) return undefined;
    node = node.items.find((item) => isScalar(item.key) && item.key.value === key)?.value;
  }
  return node;
}

/**
 * The JSON type the API server sees (kube-openapi's names). YAML is turned into JSON first (sigs.k8s.io/yaml), and
 * a JSON number is an integer only when written without a fraction or an exponent and inside int64: `1e308` and
 * `1.5` are "number" however whole their value is.
 */
function jsonType(node: YamlNode | null): string {
  if (node === null || node === undefined) return 'null';
  if (isMap(node)) return 'object';
  if (isSeq(node)) return 'array';
  if (!isScalar(node)) return 'null';
  const value = node.value;
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    const source = (node as { source?: string }).source ?? String(value);
    const integerSyntax = /^[-+]?(0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+)$/.test(source);
    return integerSyntax && Math.abs(value) < 2 ** 63 ? 'integer' : 'number';
  }
  return 'string';
}
