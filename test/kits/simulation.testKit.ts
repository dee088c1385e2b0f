import type { KubeObject } from '../../src/engine/types';

/**
 * Manifest builders for the simulation tests. The engine may not parse YAML (style.md §4), so the tests write
 * their apps as objects; these helpers keep each one to a line. Every builder takes the Argo CD annotations
 * that matter to a sync (wave, hook, delete policy, sync options) plus free-form extra annotations, such as
 * the sandbox's container behaviour switches (`sandbox.argocd.dev/run-seconds`, …, containers/behaviour.ts).
 */
export interface MetaOptions {
  wave?: number | string;
  hook?: string;
  policy?: string;
  syncOptions?: string;
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
}

export function meta(name: string, options: MetaOptions = {}): KubeObject['metadata'] {
  const annotations: Record<string, string> = { ...options.annotations };
  if (options.wave !== undefined) annotations['argocd.argoproj.io/sync-wave'] = String(options.wave);
  if (options.hook) annotations['argocd.argoproj.io/hook'] = options.hook;
  if (options.policy) annotations['argocd.argoproj.io/hook-delete-policy'] = options.policy;
  if (options.syncOptions) annotations['argocd.argoproj.io/sync-options'] = options.syncOptions;
  return {
    name,
    ...(options.labels ? { labels: options.labels } : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
  };
}

export function configMap(
  name: string,
  options: MetaOptions & { data?: Record<string, string> } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta(name, options),
    data: options.data ?? { key: name },
  };
}

export interface WorkloadOptions extends MetaOptions {
  image?: string;
  /** The container port (80 unless given). */
  port?: number;
  replicas?: number;
  progressDeadlineSeconds?: number;
  /** Seconds from container start to Ready (the sandbox's readiness switch). */
  readySeconds?: number;
}

function podTemplate(app: string, options: WorkloadOptions) {
  const annotations =
    options.readySeconds !== undefined
      ? { 'sandbox.argocd.dev/ready-seconds': String(options.readySeconds) }
      : undefined;
  return {
    metadata: { labels: { app }, ...(annotations ? { annotations } : {}) },
    spec: {
      containers: [
        {
          name: 'main',
          image: options.image ?? 'nginx:1.27',
          ports: [{ containerPort: options.port ?? 80 }],
        },
      ],
    },
  };
}

export function deployment(name: string, options: WorkloadOptions = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name, options),
    spec: {
      replicas: options.replicas ?? 1,
      ...(options.progressDeadlineSeconds !== undefined
        ? { progressDeadlineSeconds: options.progressDeadlineSeconds }
        : {}),
      selector: { matchLabels: { app: name } },
      template: podTemplate(name, options),
    },
  };
}

export function statefulSet(name: string, options: WorkloadOptions = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: meta(name, options),
    spec: {
      serviceName: name,
      replicas: options.replicas ?? 1,
      selector: { matchLabels: { app: name } },
      template: podTemplate(name, options),
    },
  };
}

export function service(
  name: string,
  options: MetaOptions & { port?: number; targetPort?: number } = {},
): KubeObject {
  const port = options.port ?? 80;
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(name, options),
    spec: { selector: { app: name }, ports: [{ port, targetPort: options.targetPort ?? port }] },
  };
}

export interface RunOptions extends MetaOptions {
  image?: string;
  /** A shell script for the container; without one the sandbox runs it for `runSeconds` and exits 0. */
  script?: string;
  runSeconds?: number;
  backoffLimit?: number;
}

function runSpec(options: RunOptions) {
  const command = options.script !== undefined ? { command: ['sh', '-c', options.script] } : {};
  return {
    containers: [{ name: 'main', image: options.image ?? 'busybox:1.36', ...command }],
    restartPolicy: 'Never',
  };
}

function runAnnotations(options: RunOptions): MetaOptions {
  if (options.script !== undefined) return options;
  const runSeconds = String(options.runSeconds ?? 3);
  return {
    ...options,
    annotations: { 'sandbox.argocd.dev/run-seconds': runSeconds, ...options.annotations },
  };
}

export function job(name: string, options: RunOptions = {}): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta(name, runAnnotations(options)),
    spec: { backoffLimit: options.backoffLimit ?? 0, template: { spec: runSpec(options) } },
  };
}

export function pod(name: string, options: RunOptions = {}): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(name, runAnnotations(options)),
    spec: runSpec(options),
  };
}
