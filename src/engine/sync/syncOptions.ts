import {
  annotationCsv,
  annotationSyncOptions,
  hasAnnotationOption,
  optionValue,
  syncOptionApplyOutOfSyncOnly,
  syncOptionCreateNamespace,
  syncOptionPruneLast,
  syncOptionPrunePropagationPolicy,
  syncOptionReplace,
  syncOptionServerSideApply,
  syncOptionSkipDryRunOnMissingResource,
  syncOptionValidateFalse,
} from '../annotations';
import type { KubeObject } from '../types';

/** A resource's (or the app's default) prune setting: `Prune=true|false|confirm`. */
export type PruneSetting = 'true' | 'false' | 'confirm';

export type PropagationPolicy = 'foreground' | 'background' | 'orphan';

/** The operation-level sync options that change the algorithm (argocd-semantics.md §1.1, controller `sync.go`). */
export interface OperationSettings {
  pruneLast: boolean;
  applyOutOfSyncOnly: boolean;
  createNamespace: boolean;
  propagationPolicy: PropagationPolicy;
  /** The default for resources without their own `Prune=` option; undefined means prune normally. */
  pruneDefault?: PruneSetting;
  replace: boolean;
  serverSideApply: boolean;
  validate: boolean;
  skipDryRunOnMissingResource: boolean;
}

const pruneSettings: readonly string[] = ['true', 'false', 'confirm'];
const policies: readonly string[] = ['foreground', 'background', 'orphan'];

/** Read the operation's sync options (`--sync-option` values or the app's `syncPolicy.syncOptions`). */
export function operationSettings(options: readonly string[]): OperationSettings {
  const prune = optionValue(options, 'Prune');
  const policy = optionValue(options, syncOptionPrunePropagationPolicy);
  return {
    pruneLast: options.includes(syncOptionPruneLast),
    applyOutOfSyncOnly: options.includes(syncOptionApplyOutOfSyncOnly),
    createNamespace: options.includes(syncOptionCreateNamespace),
    propagationPolicy: policy && policies.includes(policy) ? (policy as PropagationPolicy) : 'foreground',
    pruneDefault: prune && pruneSettings.includes(prune) ? (prune as PruneSetting) : undefined,
    replace: options.includes(syncOptionReplace),
    serverSideApply: options.includes(syncOptionServerSideApply),
    validate: !options.includes(syncOptionValidateFalse),
    skipDryRunOnMissingResource: options.includes(syncOptionSkipDryRunOnMissingResource),
  };
}

/** Whether the object's `argocd.argoproj.io/sync-options` holds exactly `option` (e.g. `Replace=true`). */
export function hasSyncOption(obj: KubeObject | undefined, option: string): boolean {
  return hasAnnotationOption(obj, annotationSyncOptions, option);
}

/**
 * The prune setting of a prune candidate (§1.1, §2.9 step 2): the resource's own `Prune=` option always wins over
 * the app-level default; without either, the object is pruned normally.
 */
export function pruneSettingOf(
  live: KubeObject | undefined,
  appDefault: PruneSetting | undefined,
): PruneSetting {
  const own = optionValue(annotationCsv(live, annotationSyncOptions), 'Prune');
  if (own && pruneSettings.includes(own)) return own as PruneSetting;
  return appDefault ?? 'true';
}
