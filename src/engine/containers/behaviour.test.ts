import { describe, expect, it } from 'vitest';
import { keyOf, refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject } from '../types';
import { FAIL_RUN_MS, resolveBehaviour, startProgram } from './behaviour';
import { runToEnd } from './effects';
import { decodeBase64 } from './env';
import { parseFailure } from './failures';

/** A Deployment → ReplicaSet → Pod chain, wired with ownerReferences like the controllers make it. */
function chain(
  podAnnotations: Record<string, string> = {},
  container: JsonAny = { name: 'app', image: 'nginx:1.25' },
) {
  const deployment: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'shop', uid: 'd-1', annotations: {} },
  };
  const owner = (o: KubeObject) => ({
    apiVersion: o.apiVersion,
    kind: o.kind,
    name: o.metadata.name!,
    uid: o.metadata.uid!,
    controller: true,
  });
  const rs: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web-5d4f8', namespace: 'shop', uid: 'rs-1', ownerReferences: [owner(deployment)] },
  };
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'web-5d4f8-x2kq9',
      namespace: 'shop',
      uid: 'p-1',
      annotations: podAnnotations,
      ownerReferences: [owner(rs)],
    },
    spec: { restartPolicy: 'Always', containers: [container] },
  };
  const objects = new Map([deployment, rs, pod].map((o) => [keyOf(refOf(o)), o]));
  const get = (ref: Parameters<typeof keyOf>[0]) => objects.get(keyOf(ref));
  return { deployment, pod, get };
}

describe('resolveBehaviour', () => {
  it('runs the image server when there is no command', () => {
    const { pod, get } = chain();
    expect(resolveBehaviour(pod, pod.spec.containers[0], { get, failures: [] })).toMatchObject({
      program: { type: 'server' },
      source: 'image',
      unknownRunsForever: true,
    });
  });

  it('makes the pods of a Deployment named by --fail exit 1, walking Pod → ReplicaSet → Deployment', () => {
    const { pod, get } = chain();
    for (const entry of ['deployment/web', 'Deployment/shop/web', 'deploy/web']) {
      expect(resolveBehaviour(pod, pod.spec.containers[0], { get, failures: [entry] }).program).toEqual({
        type: 'exit',
        runMs: FAIL_RUN_MS,
        exitCode: 1,
      });
    }
    expect(
      resolveBehaviour(pod, pod.spec.containers[0], { get, failures: ['deployment/other/web'] }).source,
    ).toBe('image');
  });

  it('reads sandbox annotations from the pod or its owners, container-specific keys first', () => {
    const { pod, deployment, get } = chain({
      'sandbox.argocd.dev/exit-code.app': '3',
      'sandbox.argocd.dev/exit-code': '5',
    });
    deployment.metadata.annotations = {
      'sandbox.argocd.dev/run-seconds': '4',
      'sandbox.argocd.dev/ready-seconds': 'never',
    };
    const b = resolveBehaviour(pod, pod.spec.containers[0], { get, failures: [] });
    expect(b.program).toEqual({ type: 'exit', runMs: 4000, exitCode: 3 });
    expect(b.readyMs).toBe(Infinity);
  });

  it('turns crash-loop into a 2 s run that exits 1, logging the annotated lines first', () => {
    const { pod, get } = chain({
      'sandbox.argocd.dev/crash-loop': 'true',
      'sandbox.argocd.dev/log': 'booting\npanic: no db',
    });
    const b = resolveBehaviour(pod, pod.spec.containers[0], { get, failures: [] });
    const run = runToEnd(startProgram(b), () => ({ type: 'unresolved' }));
    expect(run).toEqual({
      lines: [
        { at: 0, line: 'booting' },
        { at: 0, line: 'panic: no db' },
      ],
      exitCode: 1,
      endMs: 2000,
    });
  });

  it('fails the pull of images tagged doesnotexist with containerd NotFound wording', () => {
    const { pod, get } = chain({}, { name: 'app', image: 'nginx:doesnotexist' });
    expect(resolveBehaviour(pod, pod.spec.containers[0], { get, failures: [] }).imagePullError).toBe(
      'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:doesnotexist": ' +
        'failed to resolve reference "docker.io/library/nginx:doesnotexist": docker.io/library/nginx:doesnotexist: not found',
    );
  });

  it('expands $(VAR) in args from the container env, as the kubelet does', () => {
    const container = {
      name: 'app',
      image: 'busybox',
      command: ['sh', '-c'],
      args: ['echo $(GREETING) $(UNDEFINED) from $HOSTNAME'],
      env: [{ name: 'GREETING', value: 'hi' }],
    };
    const { pod, get } = chain({}, container);
    const b = resolveBehaviour(pod, container, { get, failures: [] });
    const run = runToEnd(startProgram(b), () => ({ type: 'unresolved' }));
    // The kubelet leaves $(UNDEFINED) as written; the shell then reads it as a command substitution.
    expect(b.program).toEqual({ type: 'command', argv: ['sh', '-c', 'echo hi $(UNDEFINED) from $HOSTNAME'] });
    expect(run.lines.map((l) => l.line)).toEqual(['hi from web-5d4f8-x2kq9']);
  });

  it('lets a plain shell image exit 0 at once, so a busybox Deployment crash-loops', () => {
    const container = { name: 'app', image: 'busybox:1.36' };
    const { pod, get } = chain({}, container);
    const run = runToEnd(startProgram(resolveBehaviour(pod, container, { get, failures: [] })), () => ({
      type: 'unresolved',
    }));
    expect(run.exitCode).toBe(0);
    expect(run.endMs).toBe(0);
  });
});

describe('parseFailure', () => {
  it('reads kind/name and kind/namespace/name, case-insensitively', () => {
    expect(parseFailure('Job/migrate')).toEqual({ kind: 'job', name: 'migrate' });
    expect(parseFailure('STS/db/postgres')).toEqual({
      kind: 'statefulset',
      namespace: 'db',
      name: 'postgres',
    });
    expect(parseFailure('deployment.apps/web')).toEqual({ kind: 'deployment', name: 'web' });
    expect(parseFailure('web')).toBeUndefined();
  });
});

describe('decodeBase64', () => {
  it('decodes Secret data, UTF-8 included', () => {
    expect(decodeBase64('cGFzc3dvcmQ=')).toBe('password');
    expect(decodeBase64('w6lsw6h2ZQ==')).toBe('élève');
  });
});
