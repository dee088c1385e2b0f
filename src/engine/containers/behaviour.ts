import type { JsonAny, KubeObject } from '../types';
import type { Program } from './effects';
import { containerEnv, expandKubeRefs } from './env';
import { failedOwner } from './failures';
import { imageNotFoundMessage, isCurlImage, isMissingTag, isShellImage } from './image';
import { ownerChain, type ObjectGetter } from './ownerChain';
import { commandProgram } from './shell';

/**
 * What a container does in the sandbox, resolved from three sources, strongest first:
 *
 * 1. `--fail KIND/NAME` (contract.md): when the pod or one of its owners is named, the container runs for
 *    FAIL_RUN_MS and exits 1 whatever it was told to do (a Job's pods fail; a Deployment's pods, restarted
 *    by restartPolicy Always, crash-loop). The flag wins over annotations because the user asked for a
 *    failure in this run.
 * 2. Sandbox annotations on the pod (its template's are copied onto it) or on any owner (Job, Deployment…).
 *    `<key>.<container>` (e.g. `sandbox.argocd.dev/exit-code.migrate`) applies to one container only.
 *
 *    | annotation                              | value                | effect                                                   |
 *    | --------------------------------------- | -------------------- | -------------------------------------------------------- |
 *    | `sandbox.argocd.dev/start-seconds`      | seconds              | image pull + start time (default 1–3 s, seeded jitter)   |
 *    | `sandbox.argocd.dev/ready-seconds`      | seconds or `never`   | delay from start to Ready (default: probe-based, ~2 s)   |
 *    | `sandbox.argocd.dev/run-seconds`        | seconds              | run this long, then exit (replaces the command)          |
 *    | `sandbox.argocd.dev/exit-code`          | integer              | exit with this code (replaces the command; default 0)    |
 *    | `sandbox.argocd.dev/crash-loop`         | `"true"`             | run `run-seconds` (default 2), exit `exit-code` (def. 1) |
 *    | `sandbox.argocd.dev/log`                | lines, `\n`-joined   | written to the log when the container starts             |
 *    | `sandbox.argocd.dev/image-pull-error`   | `"true"` or message  | the image pull fails: ErrImagePull, then ImagePullBackOff |
 *
 * 3. The container itself: `command`/`args` run in the sandbox's shell (shell.ts); with neither, the image's
 *    default runs — a server until stopped, except shell images (busybox, alpine…) whose shell exits 0 at once.
 *
 * An image tagged `doesnotexist` or `does-not-exist` cannot be pulled, whatever the annotations say.
 */
export const sandboxAnnotations = {
  startSeconds: 'sandbox.argocd.dev/start-seconds',
  readySeconds: 'sandbox.argocd.dev/ready-seconds',
  runSeconds: 'sandbox.argocd.dev/run-seconds',
  exitCode: 'sandbox.argocd.dev/exit-code',
  crashLoop: 'sandbox.argocd.dev/crash-loop',
  log: 'sandbox.argocd.dev/log',
  imagePullError: 'sandbox.argocd.dev/image-pull-error',
} as const;

/** How long a container made to fail by `--fail` runs before exiting 1. */
export const FAIL_RUN_MS = 1000;

export type ProgramSpec =
  /** The image's server: runs until the container is stopped. */
  | { type: 'server' }
  /** Run for `runMs`, then exit with `exitCode` (annotations, `--fail`). */
  | { type: 'exit'; runMs: number; exitCode: number }
  /** A command line run by the sandbox's shell. */
  | { type: 'command'; argv: string[] };

export interface ContainerBehaviour {
  program: ProgramSpec;
  /** Lines logged when the container starts, before its program runs. */
  log: string[];
  /** Image pull + start time override, in ms. */
  startMs?: number;
  /** Start → Ready override, in ms (Infinity: never ready). */
  readyMs?: number;
  /** When set, pulling the image fails with this message. */
  imagePullError?: string;
  /** Programs the shell does not know run until stopped: true in long-running (restartPolicy Always) pods. */
  unknownRunsForever: boolean;
  env: Record<string, string>;
  /** Which source decided the program, for explanations in the UI. */
  source: 'fail' | 'annotation' | 'command' | 'image';
}

export interface BehaviourOptions {
  get: ObjectGetter;
  failures: readonly string[];
  /** An init container must finish before the others start, so its unknown programs always end. */
  init?: boolean;
}

export function resolveBehaviour(
  pod: KubeObject,
  container: JsonAny,
  options: BehaviourOptions,
): ContainerBehaviour {
  const chain = ownerChain(pod, options.get);
  const name = String(container.name ?? '');
  const env = containerEnv(pod, container, options.get);
  const sidecar = options.init === true && container.restartPolicy === 'Always';
  const longRunning = (pod.spec?.restartPolicy ?? 'Always') === 'Always' && (!options.init || sidecar);
  const image = String(container.image ?? '');
  const pullError = annotation(chain, name, sandboxAnnotations.imagePullError);
  const ready = annotation(chain, name, sandboxAnnotations.readySeconds);
  const behaviour: ContainerBehaviour = {
    program: { type: 'server' },
    log: (annotation(chain, name, sandboxAnnotations.log) ?? '').split('\n').filter((l) => l !== ''),
    startMs: seconds(chain, name, sandboxAnnotations.startSeconds),
    readyMs: ready === 'never' ? Infinity : seconds(chain, name, sandboxAnnotations.readySeconds),
    imagePullError: isMissingTag(image)
      ? imageNotFoundMessage(image)
      : pullError && pullError !== 'false'
        ? pullError === 'true'
          ? imageNotFoundMessage(image)
          : pullError
        : undefined,
    unknownRunsForever: longRunning,
    env,
    source: 'image',
  };
  const runMs = seconds(chain, name, sandboxAnnotations.runSeconds);
  const exitCode = Number(annotation(chain, name, sandboxAnnotations.exitCode) ?? NaN);
  if (failedOwner(chain, options.failures)) {
    return {
      ...behaviour,
      program: { type: 'exit', runMs: FAIL_RUN_MS, exitCode: 1 },
      // It crashes before it ever reports Ready, as a crash-looping app does at start-up: a pod Ready for a
      // moment would complete its Deployment's rollout, which then never reaches its progress deadline.
      readyMs: Infinity,
      log: [],
      source: 'fail',
    };
  }
  if (annotation(chain, name, sandboxAnnotations.crashLoop) === 'true') {
    const code = Number.isInteger(exitCode) && exitCode !== 0 ? exitCode : 1;
    return {
      ...behaviour,
      program: { type: 'exit', runMs: runMs ?? 2000, exitCode: code },
      source: 'annotation',
    };
  }
  if (runMs !== undefined || Number.isInteger(exitCode)) {
    const program: ProgramSpec = {
      type: 'exit',
      runMs: runMs ?? 1000,
      exitCode: Number.isInteger(exitCode) ? exitCode : 0,
    };
    return { ...behaviour, program, source: 'annotation' };
  }
  const argv = commandLine(container, image, env);
  if (argv) return { ...behaviour, program: { type: 'command', argv }, source: 'command' };
  return behaviour;
}

/**
 * The container's annotation `key` (`key.<container>` first) on the pod or the nearest owner that has it. Module
 * functions rather than closures made for every container start: under tsx (the bench) each closure made is also
 * named with an Object.defineProperty.
 */
function annotation(chain: readonly KubeObject[], name: string, key: string): string | undefined {
  for (const obj of chain) {
    const a = obj.metadata.annotations;
    const value = a?.[`${key}.${name}`] ?? a?.[key];
    if (value !== undefined) return String(value);
  }
  return undefined;
}

/** An annotation of seconds, in milliseconds, when it is a number ≥ 0. */
function seconds(chain: readonly KubeObject[], name: string, key: string): number | undefined {
  const v = Number(annotation(chain, name, key));
  return annotation(chain, name, key) !== undefined && Number.isFinite(v) && v >= 0
    ? Math.round(v * 1000)
    : undefined;
}

/** The command line a container runs, or undefined when the image's own server runs. */
function commandLine(container: JsonAny, image: string, env: Record<string, string>): string[] | undefined {
  const expand = (list: JsonAny) =>
    Array.isArray(list) ? list.map((a) => expandKubeRefs(String(a), env)) : [];
  const command = expand(container.command);
  const args = expand(container.args);
  if (command.length) return [...command, ...args];
  // curlimages/curl's entrypoint hands arguments to curl unless the first one is a program of its own.
  if (isCurlImage(image))
    return /^(curl|sh|ash|bash|echo|sleep|wget|nc)$/.test(args[0] ?? '') ? args : ['curl', ...args];
  if (args.length) return args;
  if (isShellImage(image)) return ['sh'];
  return undefined;
}

/** Start a container's process: its annotated log lines, then its program. */
export function* startProgram(behaviour: ContainerBehaviour): Program {
  for (const line of behaviour.log) yield { type: 'log', line, stream: 1 };
  const program = behaviour.program;
  if (program.type === 'server') {
    yield { type: 'sleep', ms: Infinity };
    return 0;
  }
  if (program.type === 'exit') {
    if (program.runMs > 0) yield { type: 'sleep', ms: program.runMs };
    return program.exitCode;
  }
  return yield* commandProgram(program.argv, {
    env: behaviour.env,
    unknownRunsForever: behaviour.unknownRunsForever,
  });
}
