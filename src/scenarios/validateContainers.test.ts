import { describe, expect, it } from 'vitest';
import { sim } from '../cli/sim';
import { parseManifests } from './manifests';

/*
 * Container checks of the API server (k8s.io/kubernetes pkg/apis/core/validation/validation.go validateContainers,
 * validateInitContainers, validateContainerCommon), a bad container name, a repeated one, or a container
 * without an image is refused at its line and column in Kubernetes' words instead of being reported "created".
 */

/** The InputError message parseManifests throws for `text`, or '' when it accepts it. */
function refusal(text: string): string {
  try {
    parseManifests(text, 'app.yaml');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

/** A Deployment whose pod template has these containers (one YAML flow mapping each, from line 13 on). */
function deployment(containers: string[], initContainers: string[] = []): string {
  return (
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n' +
    '  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n' +
    (initContainers.length
      ? `      initContainers:\n${initContainers.map((c) => `        - ${c}\n`).join('')}`
      : '') +
    `      containers:\n${containers.map((c) => `        - ${c}\n`).join('')}`
  );
}

const labelRule =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end " +
  "with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is " +
  "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('container names and images the API server refuses (validation.go validateContainerCommon)', () => {
  it('refuses a container name that is not a DNS-1123 label, at the name, in the API server words', () => {
    // `        - {name: ` is 17 characters: the value starts at column 18 of line 14.
    expect(refusal(deployment(['{name: Bad_Name, image: nginx}']))).toBe(
      `app.yaml:14:18: spec.template.spec.containers[0].name: Invalid value: "Bad_Name": ${labelRule}`,
    );
  });

  it.each([
    ['a.b', 'must not contain dots'],
    ['web-', labelRule],
    ['x'.repeat(64), 'must be no more than 63 characters'],
  ])('refuses the container name %s: %s', (name, detail) => {
    expect(refusal(deployment([`{name: ${name}, image: nginx}`]))).toBe(
      `app.yaml:14:18: spec.template.spec.containers[0].name: Invalid value: "${name}": ${detail}`,
    );
  });

  it('requires a name and an image (field.Required), pointing at the container when the field is missing', () => {
    expect(refusal(deployment(['{image: nginx}']))).toBe(
      'app.yaml:14:11: spec.template.spec.containers[0].name: Required value',
    );
    expect(refusal(deployment(['{name: "", image: nginx}']))).toBe(
      'app.yaml:14:18: spec.template.spec.containers[0].name: Required value',
    );
    expect(refusal(deployment(['{name: web, image: nginx}', '{name: sidecar}']))).toBe(
      'app.yaml:15:11: spec.template.spec.containers[1].image: Required value',
    );
    expect(refusal(deployment(['{name: web, image: ""}']))).toBe(
      'app.yaml:14:30: spec.template.spec.containers[0].image: Required value',
    );
  });

  it('refuses a repeated name among the containers, and an init container named like a container (Duplicate value)', () => {
    expect(refusal(deployment(['{name: web, image: nginx}', '{name: web, image: envoy}']))).toBe(
      'app.yaml:15:18: spec.template.spec.containers[1].name: Duplicate value: "web"',
    );
    // validateInitContainers seeds its set with the regular containers' names.
    expect(refusal(deployment(['{name: web, image: nginx}'], ['{name: web, image: busybox}']))).toBe(
      'app.yaml:14:18: spec.template.spec.initContainers[0].name: Duplicate value: "web"',
    );
    expect(
      refusal(
        deployment(['{name: web, image: nginx}'], ['{name: migrate, image: a}', '{name: migrate, image: b}']),
      ),
    ).toBe('app.yaml:15:18: spec.template.spec.initContainers[1].name: Duplicate value: "migrate"');
    // Checked in the API server's order: the name, the image, then uniqueness.
    expect(refusal(deployment(['{name: web, image: nginx}', '{name: web}']))).toBe(
      'app.yaml:15:11: spec.template.spec.containers[1].image: Required value',
    );
  });

  it.each([
    ['v1', 'Pod', 'spec.containers'],
    ['apps/v1', 'ReplicaSet', 'spec.template.spec.containers'],
    ['apps/v1', 'StatefulSet', 'spec.template.spec.containers'],
    ['apps/v1', 'DaemonSet', 'spec.template.spec.containers'],
    ['batch/v1', 'Job', 'spec.template.spec.containers'],
    ['batch/v1', 'CronJob', 'spec.jobTemplate.spec.template.spec.containers'],
  ])('checks the pod spec of a %s %s at %s', (apiVersion, kind, path) => {
    const nesting = path.split('.').slice(0, -1);
    let body = '';
    nesting.forEach((key, depth) => (body += `${'  '.repeat(depth)}${key}:\n`));
    const indent = '  '.repeat(nesting.length);
    const object = (container: string) =>
      `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: x\n${body}${indent}containers:\n${indent}  - ${container}\n`;
    const line = 5 + nesting.length + 1;
    expect(refusal(object('{name: Bad_Name, image: nginx}'))).toContain(
      `app.yaml:${line}:${indent.length + 12}: ${path}[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label`,
    );
    expect(refusal(object('{name: c}'))).toBe(
      `app.yaml:${line}:${indent.length + 5}: ${path}[0].image: Required value`,
    );
    expect(refusal(object('{name: c, image: busybox}'))).toBe('');
  });

  it('leaves custom resources alone, and accepts what Kubernetes accepts', () => {
    const custom =
      'apiVersion: example.com/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  template:\n    spec:\n' +
      '      containers: [{name: Bad_Name}]\n';
    expect(refusal(custom)).toBe('');
    expect(
      refusal(
        deployment(
          ['{name: web, image: nginx}', '{name: 1-sidecar, image: envoy}'],
          ['{name: migrate, image: a}'],
        ),
      ),
    ).toBe('');
  });

  it('makes sim run exit 2 with the message on one line', () => {
    let stderr = '';
    const code = sim(['run', 'app.yaml'], {
      readFile: () => deployment(['{name: web, image: nginx}', '{name: web, image: envoy}']),
      stdout: () => {},
      stderr: (text) => (stderr += text),
    });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'sim run: app.yaml:15:18: spec.template.spec.containers[1].name: Duplicate value: "web"\n',
    );
  });
});
