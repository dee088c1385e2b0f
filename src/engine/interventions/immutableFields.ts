import type { JsonAny, KubeObject } from '../types';

/**
 * The API server's refusal of an update that changes a field it never lets change, in the words kubectl prints
 * (`The Deployment "web" is invalid: spec.selector: Invalid value: …: field is immutable`; kubectl's `checkErr`
 * prints `The <Kind> "<name>" is invalid: <cause>` for an Invalid status). The causes are Kubernetes' own
 * (pkg/apis/apps/validation ValidateDeploymentUpdate and friends, batch ValidateJobUpdate, core
 * ValidateServiceUpdate, ValidatePodUpdate, ValidateConfigMapUpdate); the Go value a cause prints is shown in its
 * Go form for a selector and a cluster IP, and elided (`{…}`) for a whole pod template.
 */
export function immutableProblem(live: KubeObject, next: KubeObject): string | undefined {
  const cause = immutableCause(live, next);
  return cause ? `The ${next.kind} "${next.metadata.name}" is invalid: ${cause}` : undefined;
}

const same = (a: JsonAny, b: JsonAny) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function goSelector(selector: JsonAny): string {
  const labels = Object.entries((selector?.matchLabels ?? {}) as Record<string, string>)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(', ');
  return `v1.LabelSelector{MatchLabels:map[string]string{${labels}}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}`;
}

function goMap(map: Record<string, string> | undefined): string {
  const pairs = Object.entries(map ?? {})
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(', ');
  return `map[string]string{${pairs}}`;
}

function immutableCause(live: KubeObject, next: KubeObject): string | undefined {
  switch (next.kind) {
    case 'Deployment':
    case 'ReplicaSet':
    case 'StatefulSet':
    case 'DaemonSet': {
      if (!same(live.spec?.selector, next.spec?.selector))
        return `spec.selector: Invalid value: ${goSelector(next.spec?.selector)}: field is immutable`;
      const wanted: Record<string, string> = next.spec?.selector?.matchLabels ?? {};
      const labels: Record<string, string> = next.spec?.template?.metadata?.labels ?? {};
      if (Object.entries(wanted).some(([k, v]) => labels[k] !== v))
        return `spec.template.metadata.labels: Invalid value: ${goMap(labels)}: \`selector\` does not match template \`labels\``;
      return undefined;
    }
    case 'Job':
      if (!same(live.spec?.selector, next.spec?.selector))
        return `spec.selector: Invalid value: ${goSelector(next.spec?.selector)}: field is immutable`;
      if (!same(live.spec?.template, next.spec?.template))
        return 'spec.template: Invalid value: core.PodTemplateSpec{…}: field is immutable';
      return undefined;
    case 'Service': {
      const before: string | undefined = live.spec?.clusterIP;
      const after: string | undefined = next.spec?.clusterIP;
      if (before && after !== before && (after !== undefined || next.spec?.type !== 'ExternalName'))
        return `spec.clusterIPs[0]: Invalid value: []string{${JSON.stringify(after ?? '')}}: may not change once set`;
      return undefined;
    }
    case 'Pod': {
      const shape = (c: JsonAny) => [c.name, c.command, c.args, c.env, c.ports];
      const want: JsonAny[] = next.spec?.containers ?? [];
      const have: JsonAny[] = live.spec?.containers ?? [];
      if (want.length !== have.length)
        return 'spec.containers: Forbidden: pod updates may not add or remove containers';
      const restOf = (spec: JsonAny) => ({
        ...spec,
        containers: undefined,
        initContainers: undefined,
        activeDeadlineSeconds: undefined,
        tolerations: undefined,
        terminationGracePeriodSeconds: undefined,
      });
      if (!same(want.map(shape), have.map(shape)) || !same(restOf(next.spec), restOf(live.spec)))
        return (
          'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,' +
          '`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to ' +
          'existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)'
        );
      return undefined;
    }
    case 'ConfigMap':
    case 'Secret':
      if (live.immutable === true) {
        for (const field of ['data', 'binaryData'])
          if (!same(live[field], next[field]))
            return `${field}: Forbidden: field is immutable when \`immutable\` is set`;
        if (next.immutable !== true)
          return 'immutable: Forbidden: field is immutable when `immutable` is set';
      }
      return undefined;
    default:
      return undefined;
  }
}
