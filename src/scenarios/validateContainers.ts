import type { JsonAny } from '../engine';
import { formatPath } from './formatPath';
import { dns1123LabelProblem } from './validateNames';
import type { ObjectIssue, YamlPath } from './objectIssue';

/*
 * The container checks of the API server's pod spec validation, in its words (k8s.io/kubernetes
 * pkg/apis/core/validation/validation.go: ValidatePodSpec runs validateContainers, then validateInitContainers;
 * each container goes through validateContainerCommon). For every container, in order: its name is required and a
 * DNS-1123 label (ValidateDNS1123Label), its image is required, and its name must not repeat an earlier one. Regular
 * containers are unique among themselves; an init container must not repeat a regular container's name either
 * (validateInitContainers seeds its set with them). The API server also requires at least one regular container;
 * the sandbox does not, since hand-trimmed inputs (a CronJob with only a schedule) are read for what they show.
 */

/** Where each kind the sandbox runs keeps its pod spec (a workload's template, a CronJob's job template). */
const podSpecPaths: Record<string, YamlPath> = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

/**
 * The first container problem the API server would refuse the object for, or null. Only built-in kinds are
 * checked (a custom resource called Deployment is not a Deployment); the types were checked before
 * (validateObject), so a container that is not a mapping, or a name or image that is not a string, never gets here.
 *
 * @example
 * validateContainers({ kind: 'Pod', spec: { containers: [{ name: 'Bad_Name', image: 'nginx' }] } }, 'Pod')?.message;
 * // 'spec.containers[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of …'
 */
export function validateContainers(obj: { [key: string]: JsonAny }, kind: string): ObjectIssue | null {
  const prefix = Object.hasOwn(podSpecPaths, kind) ? podSpecPaths[kind] : undefined;
  if (!prefix) return null;
  let spec: JsonAny = obj;
  for (const key of prefix) spec = isMapping(spec) ? spec[key] : undefined;
  const podSpec = isMapping(spec) ? spec : {};
  const containers = Array.isArray(podSpec.containers) ? podSpec.containers : [];
  const names = new Set<string>();
  const regular = checkList(containers, [...prefix, 'containers'], names);
  if (regular) return regular;
  const init = Array.isArray(podSpec.initContainers) ? podSpec.initContainers : [];
  return checkList(init, [...prefix, 'initContainers'], names);
}

/** validateContainerCommon's name and image checks, then the uniqueness check, for each container in turn. */
function checkList(list: JsonAny[], path: YamlPath, names: Set<string>): ObjectIssue | null {
  for (let i = 0; i < list.length; i++) {
    const container = isMapping(list[i]) ? (list[i] as { [key: string]: JsonAny }) : {};
    const name = typeof container.name === 'string' ? container.name : '';
    const namePath = [...path, i, 'name'];
    if (name === '') return required(namePath);
    const problem = dns1123LabelProblem(name);
    if (problem) return invalid(namePath, name, problem);
    if (typeof container.image !== 'string' || container.image === '') return required([...path, i, 'image']);
    if (names.has(name))
      return { path: namePath, message: `${formatPath(namePath)}: Duplicate value: ${JSON.stringify(name)}` };
    names.add(name);
  }
  return null;
}

/** field.Required with no detail: `spec.containers[0].image: Required value`. */
function required(path: YamlPath): ObjectIssue {
  return { path, message: `${formatPath(path)}: Required value` };
}

/** field.Invalid: `spec.containers[0].name: Invalid value: "Bad_Name": …`. */
function invalid(path: YamlPath, value: string, detail: string): ObjectIssue {
  return { path, message: `${formatPath(path)}: Invalid value: ${JSON.stringify(value)}: ${detail}` };
}

function isMapping(value: JsonAny): value is { [key: string]: JsonAny } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
