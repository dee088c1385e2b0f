import {
  CMD_PARAMS_CM,
  readSyncTimeout,
  readSyncWindows,
  simulatedCmdParams,
  type KubeObject,
} from '../engine';

/**
 * The Argo CD settings a control-plane run accepts besides Applications, AppProjects and ApplicationSets, checked
 * where they are read (scenario `argocd:` blocks, `sim run --repo`'s argo.yaml, Your app): an AppProject's
 * `spec.syncWindows` (as `SyncWindow.Validate` checks them, syncWindows.ts) and the `argocd-cmd-params-cm` ConfigMap,
 * of which only `controller.sync.timeout.seconds` is modelled; another key is refused rather than ignored.
 */
export function isArgoSettings(object: KubeObject): boolean {
  return object.kind === 'ConfigMap' && object.apiVersion === 'v1' && object.metadata.name === CMD_PARAMS_CM;
}

/** What is wrong with such an object, in one sentence, or undefined. */
export function argoSettingsProblem(object: KubeObject): string | undefined {
  const name = object.metadata.name ?? '';
  if (object.kind === 'AppProject') {
    const read = readSyncWindows(object.spec?.syncWindows);
    return Array.isArray(read) ? undefined : `AppProject "${name}": ${read.path}: ${read.message}`;
  }
  if (!isArgoSettings(object)) return undefined;
  const data: Record<string, unknown> = object.data ?? {};
  for (const [key, value] of Object.entries(data)) {
    if (!simulatedCmdParams.includes(key))
      return `${CMD_PARAMS_CM}: "${key}" is not simulated (the sandbox models ${simulatedCmdParams.join(', ')})`;
    const problem = readSyncTimeout(value).problem;
    if (problem) return `${CMD_PARAMS_CM}: ${problem}`;
  }
  return undefined;
}
