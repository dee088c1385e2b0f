import type { KubeObject, SourcePosition } from '../types';
import type { RetryStrategy } from './syncMachine';

/** What one sync operation runs: one revision's desired objects and the operation's settings. */
export interface OperationSpec {
  desired: readonly KubeObject[];
  /** Where each desired object came from (same index), for input problems. */
  positions?: readonly (SourcePosition | undefined)[];
  revision: string;
  prune: boolean;
  syncOptions: readonly string[];
  retry?: RetryStrategy;
  waveDelaySeconds: number;
  /**
   * A selective sync (the operation's `sync.resources`, e.g. self-heal's): only these resources are synced or
   * pruned, and no hook runs (§2.17).
   */
  resources?: readonly { group?: string; kind: string; name: string; namespace?: string }[];
  /** The operation's `sync.dryRun`: every task is a dry run (gitops-engine sync_context.go runTasks). */
  dryRun?: boolean;
  /** The strategy's `force` (`argocd app sync --force`). */
  force?: boolean;
  /** An apply strategy (`--strategy apply`, a rollback): no hook runs (controller/sync.go L386). */
  skipHooks?: boolean;
  /**
   * The controller's sync timeout (`controller.sync.timeout.seconds` of argocd-cmd-params-cm), in ms; 0 or absent:
   * none. Counted from the operation's first start, retries included (appcontroller.go L1602).
   */
  syncTimeoutMs?: number;
}
