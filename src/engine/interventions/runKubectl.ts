import { toTimestamp } from '../clock';
import type { ObjectStore } from '../cluster/store';
import { refOf } from '../cluster/gvk';
import { invalidLabelsMessage } from '../apimachinery/validateLabels';
import type { JsonAny, KubeObject, ObjectRef } from '../types';
import { clone } from '../util/clone';
import { immutableProblem } from './immutableFields';
import type { KubectlIntervention, Target } from './kubectlIntervention';
import { applyPatch } from './patches';
import { pluralName, singularName } from './resourceTypes';

/** What a kubectl intervention printed: its output, or its error (and then it changed nothing). */
export type KubectlOutcome = { output: string } | { error: string };

export interface KubectlContext {
  store: ObjectStore;
  nowMs: number;
  /** `kubectl apply -f PATH`: the objects the file holds (the caller read it), or undefined if there is none. */
  fileObjects: (path: string) => KubeObject[] | undefined;
}

/**
 * Run one kubectl command on the simulated cluster, as the API server would take it. A refused command changes
 * nothing and answers with kubectl's words. Writes go through the main resource, never the status
 * subresource, so a change to `status` is dropped by the API server (its update strategies' `PrepareForUpdate`
 * reset the status): it leaves the object as it was, and Argo CD sees no change (argocd-semantics.md §5.0,
 * `ignoreResourceUpdates`).
 */
export function runKubectl(ctx: KubectlContext, command: KubectlIntervention): KubectlOutcome {
  const { store } = ctx;
  switch (command.verb) {
    case 'delete': {
      const lines: string[] = [];
      for (const target of command.targets) {
        const live = find(store, target);
        if (!live) return { error: notFound(target) };
        store.delete(refOf(live), { propagationPolicy: 'Background' });
        lines.push(`${singularName(target.type)} "${target.name}" deleted`);
      }
      return { output: lines.join('\n') };
    }
    case 'apply': {
      const objects = ctx.fileObjects(command.file);
      if (!objects) return { error: `error: the path "${command.file}" does not exist` };
      const lines: string[] = [];
      for (const obj of objects) {
        const target = obj.metadata.namespace
          ? obj
          : { ...obj, metadata: { ...obj.metadata, namespace: command.namespace } };
        const live = store.get(refOf(target));
        if (live) {
          const problem = immutableProblem(live, { ...live, ...clone(target), status: live.status });
          if (problem) return { error: problem };
        }
        const labels = invalidLabelsMessage(target);
        if (labels) return { error: kubectlInvalid(labels) };
        try {
          const { outcome } = store.apply(target);
          lines.push(`${typeWord(target)}/${target.metadata.name} ${outcome}`);
        } catch (error) {
          return { error: `Error from server: ${(error as Error).message}` };
        }
      }
      return { output: lines.join('\n') };
    }
    default:
      return update(ctx, command);
  }
}

/** The commands that change one object: computed on a copy, checked as the API server checks, then written. */
function update(
  ctx: KubectlContext,
  command: Exclude<KubectlIntervention, { verb: 'delete' } | { verb: 'apply' }>,
): KubectlOutcome {
  const { store } = ctx;
  const target = command.target;
  const live = find(store, target);
  if (!live) return { error: notFound(target) };
  const id = `${singularName(target.type)}/${target.name}`;
  let next: KubeObject = clone(live);
  let done: string;
  switch (command.verb) {
    case 'scale':
      if (!['Deployment', 'ReplicaSet', 'StatefulSet'].includes(live.kind))
        return { error: 'Error from server (NotFound): the server could not find the requested resource' };
      next.spec = { ...next.spec, replicas: command.replicas };
      done = `${id} scaled`;
      break;
    case 'patch':
    case 'edit': {
      const patched = applyPatch(next, command.patch, command.patchType);
      if ('error' in patched) return patched;
      next = patched.object as KubeObject;
      done = `${id} ${command.verb === 'edit' ? 'edited' : 'patched'}`;
      break;
    }
    case 'set-image': {
      const spec: JsonAny | undefined =
        live.kind === 'Pod'
          ? next.spec
          : live.kind === 'CronJob'
            ? next.spec?.jobTemplate?.spec?.template?.spec
            : next.spec?.template?.spec;
      const containers: JsonAny[] = [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])];
      for (const { container, image } of command.images) {
        const matching = containers.filter((c) => container === '*' || c.name === container);
        if (matching.length === 0) return { error: `error: unable to find container named "${container}"` };
        for (const c of matching) c.image = image;
      }
      done = `${id} image updated`;
      break;
    }
    case 'annotate':
    case 'label': {
      const field = command.verb === 'label' ? 'labels' : 'annotations';
      const map: Record<string, string> = { ...(next.metadata[field] ?? {}) };
      for (const { key, value } of command.set) {
        if (map[key] !== undefined && map[key] !== value && !command.overwrite)
          return {
            error:
              command.verb === 'label'
                ? `error: '${key}' already has a value (${map[key]}), and --overwrite is false`
                : `error: --overwrite is false but found the following declared annotation(s): '${key}' already has a value (${map[key]})`,
          };
        map[key] = value;
      }
      for (const key of command.remove) delete map[key];
      if (Object.keys(map).length > 0) next.metadata[field] = map;
      else delete next.metadata[field];
      done = `${id} ${command.verb === 'label' ? 'labeled' : 'annotated'}`;
      break;
    }
    case 'rollout-restart': {
      // kubectl's restart sets the template annotation to the time (polymorphichelpers defaultObjectRestarter).
      const template: JsonAny = (next.spec.template ??= {});
      template.metadata = {
        ...template.metadata,
        annotations: {
          ...template.metadata?.annotations,
          'kubectl.kubernetes.io/restartedAt': toTimestamp(ctx.nowMs),
        },
      };
      done = `${id} restarted`;
      break;
    }
  }
  // The API server owns these: a write through the main resource cannot change them. The status is the
  // exception for Argo CD's Application, whose CRD declares no status subresource (manifests/crds/
  // application-crd.yaml `subresources: {}`): a patch of the Application writes its status too, as e2e
  // TestAppRollbackSuccessful does to build the history it rolls back to.
  if (!writesStatusThroughMainResource(live)) {
    next.status = live.status;
    if (live.status === undefined) delete next.status;
  }
  next.apiVersion = live.apiVersion;
  next.kind = live.kind;
  next.metadata = {
    ...next.metadata,
    name: live.metadata.name,
    namespace: live.metadata.namespace,
    uid: live.metadata.uid,
    resourceVersion: live.metadata.resourceVersion,
    generation: live.metadata.generation,
    creationTimestamp: live.metadata.creationTimestamp,
  };
  for (const key of Object.keys(next.metadata))
    if (next.metadata[key as keyof typeof next.metadata] === undefined)
      delete next.metadata[key as keyof typeof next.metadata];
  const problem = immutableProblem(live, next) ?? labelInvalid(next);
  if (problem) return { error: problem };
  if (JSON.stringify(next) === JSON.stringify(live))
    return {
      output:
        command.verb === 'edit'
          ? 'Edit cancelled, no changes made.'
          : command.verb === 'patch'
            ? `${id} patched (no change)`
            : command.verb === 'label'
              ? `${id} not labeled`
              : command.verb === 'annotate'
                ? `${id} not annotated`
                : done,
    };
  store.patch(refOf(live), (draft) => {
    for (const key of Object.keys(draft)) delete (draft as JsonAny)[key];
    Object.assign(draft, next);
  });
  return { output: done };
}

function labelInvalid(obj: KubeObject): string | undefined {
  const problem = invalidLabelsMessage(obj);
  return problem ? kubectlInvalid(problem) : undefined;
}

/** `Deployment.apps "web" is invalid: …` (the API server's message) as kubectl prints it: `The Deployment "web" …`. */
function kubectlInvalid(message: string): string {
  return `The ${message.replace(/^(\w+)(\.[\w.-]+)? /, '$1 ')}`;
}

function typeWord(obj: KubeObject): string {
  const group = obj.apiVersion.includes('/') ? obj.apiVersion.split('/')[0] : '';
  return group ? `${obj.kind.toLowerCase()}.${group}` : obj.kind.toLowerCase();
}

function find(store: ObjectStore, target: Target): KubeObject | undefined {
  const ref: ObjectRef = {
    group: target.type.group,
    kind: target.type.kind,
    namespace: target.type.namespaced ? target.namespace : '',
    name: target.name,
  };
  return store.get(ref);
}

function notFound(target: Target): string {
  return `Error from server (NotFound): ${pluralName(target.type)} "${target.name}" not found`;
}

/** Whether the object's kind has no status subresource, so its main resource carries the status. */
function writesStatusThroughMainResource(obj: KubeObject): boolean {
  return obj.kind === 'Application' && obj.apiVersion.startsWith('argoproj.io/');
}
