import type { JsonAny, KubeObject } from '../types';
import { clone } from '../util/clone';

/**
 * The defaults the Kubernetes API server fills in on create and update (the `SetDefaults_*` functions of
 * k8s.io/kubernetes `pkg/apis/<group>/v1/defaults.go`). Health checks depend on them: an unset Pod
 * restartPolicy would make a running pod `Unknown` (argocd-semantics.md §3.0 rule 5).
 *
 * Returns a new object; the input is not changed.
 */
export function applyDefaults(input: KubeObject): KubeObject {
  const obj = clone(input);
  obj.metadata ??= {};
  const defaulter = defaulters[obj.kind];
  if (defaulter && obj.spec !== undefined && obj.spec !== null && typeof obj.spec === 'object')
    defaulter(obj.spec, obj);
  else if (
    defaulter &&
    (obj.kind === 'Service' || obj.kind === 'PersistentVolumeClaim' || obj.kind === 'Job')
  ) {
    obj.spec = {};
    defaulter(obj.spec, obj);
  }
  return obj;
}

/** Defaults of a pod template's spec (shared by Pods and every workload's `spec.template.spec`). */
export function defaultPodSpec(spec: JsonAny, restartPolicy = 'Always'): void {
  spec.restartPolicy ??= restartPolicy;
  spec.terminationGracePeriodSeconds ??= 30;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.schedulerName ??= 'default-scheduler';
  spec.securityContext ??= {};
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    c.imagePullPolicy ??=
      String(c.image ?? '').endsWith(':latest') || !String(c.image ?? '').includes(':')
        ? 'Always'
        : 'IfNotPresent';
    c.terminationMessagePath ??= '/dev/termination-log';
    c.terminationMessagePolicy ??= 'File';
    c.resources ??= {};
    for (const p of c.ports ?? []) p.protocol ??= 'TCP';
  }
}

function defaultTemplate(spec: JsonAny, restartPolicy = 'Always'): void {
  spec.template ??= {};
  spec.template.metadata ??= {};
  spec.template.spec ??= {};
  defaultPodSpec(spec.template.spec, restartPolicy);
}

const defaulters: Record<string, (spec: JsonAny, obj: KubeObject) => void> = {
  Pod(spec) {
    defaultPodSpec(spec);
  },
  Deployment(spec) {
    spec.replicas ??= 1;
    spec.revisionHistoryLimit ??= 10;
    spec.progressDeadlineSeconds ??= 600;
    spec.strategy ??= {};
    spec.strategy.type ??= 'RollingUpdate';
    if (spec.strategy.type === 'RollingUpdate') {
      spec.strategy.rollingUpdate ??= {};
      spec.strategy.rollingUpdate.maxSurge ??= '25%';
      spec.strategy.rollingUpdate.maxUnavailable ??= '25%';
    }
    defaultTemplate(spec);
  },
  ReplicaSet(spec) {
    spec.replicas ??= 1;
    defaultTemplate(spec);
  },
  StatefulSet(spec) {
    spec.replicas ??= 1;
    spec.podManagementPolicy ??= 'OrderedReady';
    spec.revisionHistoryLimit ??= 10;
    spec.updateStrategy ??= {};
    // As SetDefaults_StatefulSet: the rollingUpdate block (and so the partition) is only added when the type
    // itself was defaulted; an explicit `type: RollingUpdate` without it stays without it (health §3.2 rule 5).
    if (!spec.updateStrategy.type) {
      spec.updateStrategy.type = 'RollingUpdate';
      spec.updateStrategy.rollingUpdate ??= {};
    }
    if (spec.updateStrategy.type === 'RollingUpdate' && spec.updateStrategy.rollingUpdate != null) {
      spec.updateStrategy.rollingUpdate.partition ??= 0;
    }
    spec.persistentVolumeClaimRetentionPolicy ??= { whenDeleted: 'Retain', whenScaled: 'Retain' };
    defaultTemplate(spec);
  },
  DaemonSet(spec) {
    spec.revisionHistoryLimit ??= 10;
    spec.updateStrategy ??= {};
    spec.updateStrategy.type ??= 'RollingUpdate';
    if (spec.updateStrategy.type === 'RollingUpdate') {
      spec.updateStrategy.rollingUpdate ??= {};
      spec.updateStrategy.rollingUpdate.maxUnavailable ??= 1;
      spec.updateStrategy.rollingUpdate.maxSurge ??= 0;
    }
    defaultTemplate(spec);
  },
  Job(spec) {
    spec.backoffLimit ??= 6;
    spec.completions ??= 1;
    spec.parallelism ??= 1;
    spec.completionMode ??= 'NonIndexed';
    spec.suspend ??= false;
    defaultTemplate(spec, 'Never');
  },
  CronJob(spec) {
    spec.concurrencyPolicy ??= 'Allow';
    spec.suspend ??= false;
    spec.successfulJobsHistoryLimit ??= 3;
    spec.failedJobsHistoryLimit ??= 1;
  },
  Service(spec) {
    spec.type ??= 'ClusterIP';
    spec.sessionAffinity ??= 'None';
    for (const p of spec.ports ?? []) {
      p.protocol ??= 'TCP';
      p.targetPort ??= p.port;
    }
  },
  PersistentVolumeClaim(spec) {
    spec.volumeMode ??= 'Filesystem';
  },
};
