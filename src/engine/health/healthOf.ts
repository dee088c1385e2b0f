import { annotationHelmHook, annotationKeyHook, hookFinalizer } from '../annotations';
import { groupOf } from '../cluster/gvk';
import type { HealthStatus, KubeObject } from '../types';
import type { HealthOverrides } from './healthOverrides';
import { apiServiceHealth } from './apiService';
import { cronJobHealth } from './cronJob';
import { daemonSetHealth } from './daemonSet';
import { deploymentHealth } from './deployment';
import { hpaHealth } from './hpa';
import { ingressHealth } from './ingress';
import { jobHealth } from './job';
import { podHealth } from './pod';
import { pvcHealth } from './pvc';
import { replicaSetHealth } from './replicaSet';
import { serviceHealth } from './service';
import { statefulSetHealth } from './statefulSet';
import { workflowHealth } from './workflow';

export interface HealthOptions {
  /** Whether the object is a sync hook; when absent it is read from the hook annotations. */
  isHook?: boolean;
  /** argocd-cm's health customizations (Lua), which take precedence over the built-in checks. */
  overrides?: HealthOverrides;
  /** The virtual time of the check (ms since t0), for an override that reads the clock (Lua's os.time). */
  nowMs?: number;
}

interface Check {
  /** The name gitops-engine uses in its `unsupported <label> GVK` error. */
  label: string;
  /** The versions the Go check converts from; absent when the check reads the object untyped. */
  versions?: readonly string[];
  assess(obj: KubeObject, isHook: boolean): HealthStatus;
}

/** Built-in Lua checks (§3.11), keyed `<group>/<kind>`; they run before the Go checks and for every version. */
const luaChecks: Record<string, (obj: KubeObject) => HealthStatus> = {
  'batch/CronJob': cronJobHealth,
};

/** The built-in Go checks (§3.0 rule 3), keyed `<group>/<kind>` ('' is the core group). */
const goChecks: Record<string, Check> = {
  'apps/Deployment': { label: 'Deployment', versions: ['v1'], assess: deploymentHealth },
  'apps/StatefulSet': { label: 'StatefulSet', versions: ['v1'], assess: statefulSetHealth },
  'apps/ReplicaSet': { label: 'ReplicaSet', versions: ['v1'], assess: replicaSetHealth },
  'apps/DaemonSet': { label: 'DaemonSet', versions: ['v1'], assess: daemonSetHealth },
  'extensions/Ingress': { label: 'Ingress', assess: ingressHealth },
  'networking.k8s.io/Ingress': { label: 'Ingress', assess: ingressHealth },
  'argoproj.io/Workflow': { label: 'Workflow', assess: workflowHealth },
  'apiregistration.k8s.io/APIService': {
    label: 'APIService',
    versions: ['v1', 'v1beta1'],
    assess: apiServiceHealth,
  },
  '/Service': { label: 'Service', versions: ['v1'], assess: serviceHealth },
  '/PersistentVolumeClaim': { label: 'PersistentVolumeClaim', versions: ['v1'], assess: pvcHealth },
  '/Pod': { label: 'Pod', versions: ['v1'], assess: podHealth },
  'batch/Job': { label: 'Job', versions: ['v1'], assess: jobHealth },
  'autoscaling/HorizontalPodAutoscaler': { label: 'HPA', versions: ['v1', 'v2'], assess: hpaHealth },
};

/**
 * Argo CD's health of one live object (argocd-semantics.md §3.0), or null for a kind without a health check
 * (ConfigMap, Secret, Namespace, CRDs, most custom resources, and `argoproj.io` Application).
 *
 * @example
 * healthOf(applyDefaults(job)); // { status: 'Degraded', message: 'Job has reached the specified backoff limit' }
 */
export function healthOf(obj: KubeObject, options: HealthOptions = {}): HealthStatus | null {
  // §3.0 rule 1: any kind, even one without a check; the hook finalizer keeps a hook's own health readable.
  if (obj.metadata.deletionTimestamp && !obj.metadata.finalizers?.includes(hookFinalizer)) {
    return { status: 'Progressing', message: 'Pending deletion' };
  }
  const apiVersion = obj.apiVersion ?? '';
  const group = groupOf(apiVersion);
  const key = `${group}/${obj.kind}`;
  // §3.0 rule 2: a configured override first (gitops-engine `GetResourceHealth`: an error is `Unknown`).
  const override = options.overrides?.checkFor(group, obj.kind);
  if (override) {
    try {
      return override(obj, options.nowMs);
    } catch (error) {
      return { status: 'Unknown', message: error instanceof Error ? error.message : String(error) };
    }
  }
  const lua = luaChecks[key];
  if (lua) return lua(obj);
  // §3.0 rule 3: the Go check converts to a typed object, and a version it has no type for is an error.
  const check = goChecks[key];
  if (!check) return null;
  const version = apiVersion.slice(apiVersion.indexOf('/') + 1);
  if (check.versions && !check.versions.includes(version)) {
    return {
      status: 'Unknown',
      message: `unsupported ${check.label} GVK: ${group}/${version}, Kind=${obj.kind}`,
    };
  }
  return check.assess(obj, options.isHook ?? isHookByAnnotation(obj));
}

/** The valid words of the Argo hook annotation (§1.3 rule 1). */
const argoHookTypes = new Set(['PreSync', 'Sync', 'PostSync', 'SyncFail', 'Skip']);

/**
 * §1.3 rules 3 and 4: the Argo hook annotation makes a hook unless its valid words are only `Skip`; without
 * it, the Helm hook annotation does, unless it is `crd-install`.
 */
function isHookByAnnotation(obj: KubeObject): boolean {
  const annotations = obj.metadata.annotations ?? {};
  const argo = annotations[annotationKeyHook];
  if (argo !== undefined) {
    const types = argo
      .split(',')
      .map((t) => t.trim())
      .filter((t) => argoHookTypes.has(t));
    return !(types.length > 0 && types.every((t) => t === 'Skip'));
  }
  const helm = annotations[annotationHelmHook];
  return helm !== undefined && helm !== 'crd-install';
}
