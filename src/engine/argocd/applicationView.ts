import type { HealthStatus, SyncStatusCode } from '../types';
import { applicationStatus } from './applicationStatus';
import type {
  Application,
  ApplicationDestination,
  ApplicationSource,
  ApplicationStatus,
  ResourceStatus,
  SyncStatus,
} from './applicationTypes';
import type { OperationRecord } from './operationRunner';

/** One row of `status.resources`: a managed (non-hook) resource as the app sees it. */
export type ResourceRow = ResourceStatus;

export interface ApplicationViewInput {
  app: string;
  namespace: string;
  revision: string;
  sync: SyncStatusCode;
  health: HealthStatus;
  /** The operation run, with what `argocd app sync` asked of it (`--prune`, `--sync-option`). */
  operation?: { record: OperationRecord; prune: boolean; syncOptions: string[] };
  resources: ResourceRow[];
}

/**
 * The single-app run's Application, shaped like `argocd app get -o json` (argocd-semantics.md §1.7, §1.8;
 * contract.md §1.2): its spec as the run's options say, and its status written by the application controller's
 * own writer (applicationStatus.ts), with the operation `argocd app sync` started (initiator admin, §5.4).
 */
export function applicationView(input: ApplicationViewInput): ApplicationJson {
  const source = { repoURL: 'sandbox://scenario', targetRevision: input.revision };
  const destination = { server: 'https://kubernetes.default.svc', namespace: input.namespace };
  const op = input.operation;
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: input.app, namespace: 'argocd' },
    spec: { project: 'default', destination, source },
    status: statusWithResources({
      sync: input.sync,
      health: input.health,
      revision: input.revision,
      source,
      destination,
      operation: op
        ? {
            request: {
              initiatedBy: { username: 'admin' },
              sync: { revision: input.revision, prune: op.prune, syncOptions: op.syncOptions },
            },
            record: op.record,
            partial: false,
          }
        : undefined,
      history: [],
      resources: input.resources,
      conditions: [],
    }),
  };
}

/** The status as the writer makes it, which always has `resources` and (when not Unknown) the revision. */
function statusWithResources(input: Parameters<typeof applicationStatus>[0]): ApplicationJson['status'] {
  const status = applicationStatus(input);
  return { ...status, sync: { ...status.sync, revision: input.revision }, resources: status.resources ?? [] };
}

/**
 * An Application as a run returns it: the fields the engine always writes are required here, so readers (the CLI's
 * `argocd app get` text, the terminal) need no checks for what cannot be missing.
 */
export interface ApplicationJson extends Application {
  spec: Application['spec'] & {
    project: string;
    source: ApplicationSource & { repoURL: string; targetRevision: string };
    destination: ApplicationDestination & { server: string; namespace: string };
  };
  status: ApplicationStatus & { sync: SyncStatus & { revision: string }; resources: ResourceStatus[] };
}
