import type { KubeObject } from '../types';

/**
 * The `argocd-cmd-params-cm` ConfigMap, which the install's manifests pass to the application controller as
 * environment variables (manifests/base/application-controller/argocd-application-controller-statefulset.yaml:
 * `ARGOCD_APPLICATION_CONTROLLER_SYNC_TIMEOUT` from `controller.sync.timeout.seconds`). The controller reads them at
 * its start (cmd/argocd-application-controller/commands/argocd_application_controller.go L281, `--sync-timeout`,
 * default 0 = no timeout), so a change made during a run takes effect only after a restart, which a run has not.
 */
export const CMD_PARAMS_CM = 'argocd-cmd-params-cm';
export const SYNC_TIMEOUT_KEY = 'controller.sync.timeout.seconds';

/** The keys of argocd-cmd-params-cm the sandbox models. */
export const simulatedCmdParams: readonly string[] = [SYNC_TIMEOUT_KEY];

/**
 * `controller.sync.timeout.seconds` as `env.ParseNumFromEnv(…, 0, 0, math.MaxInt32)` reads it: a whole number in
 * [0, 2147483647], else the default 0; a problem says why (the controller logs it and goes on without a timeout).
 */
export function syncTimeoutOf(objects: readonly KubeObject[]): { seconds: number; problem?: string } {
  const cm = objects.find(
    (o) => o.kind === 'ConfigMap' && o.apiVersion === 'v1' && o.metadata.name === CMD_PARAMS_CM,
  );
  const value: unknown = cm?.data?.[SYNC_TIMEOUT_KEY];
  if (value === undefined) return { seconds: 0 };
  return readSyncTimeout(value);
}

export function readSyncTimeout(value: unknown): { seconds: number; problem?: string } {
  const text = String(value).trim();
  if (!/^[+-]?\d+$/.test(text))
    return {
      seconds: 0,
      problem: `${SYNC_TIMEOUT_KEY}: "${String(value)}" is not a whole number of seconds`,
    };
  const seconds = Number(text);
  if (seconds < 0 || seconds > 2_147_483_647)
    return { seconds: 0, problem: `${SYNC_TIMEOUT_KEY}: ${seconds} is outside 0 to 2147483647` };
  return { seconds };
}
