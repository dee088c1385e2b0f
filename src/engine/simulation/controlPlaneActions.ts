import { refOf } from '../cluster/gvk';
import type { ObjectStore } from '../cluster/store';
import type { EventSink } from '../eventLog';
import type { KubeObject, SourcePosition } from '../types';
import type { ApplicationController } from '../argocd/applicationController';
import type { OperationInfo } from '../argocd/syncOperation';
import type { Repository, RepoRevision } from '../argocd/repository';

/**
 * The timed actions of a run of the control plane (runControlPlane.ts): a commit, `argocd app sync|rollback|
 * terminate-op|get --refresh`, `kubectl apply|delete`, or an intervention typed as a command.
 */
export type ControlPlaneAction =
  | { at: number; type: 'commit'; revision: RepoRevision }
  | {
      at: number;
      type: 'sync';
      app: string;
      prune?: boolean;
      info?: readonly OperationInfo[];
      /** `--label KEY=VALUE`: a selective sync of the resources carrying one of them. */
      labels?: readonly { name: string; value: string }[];
    }
  | { at: number; type: 'sync-project'; projects: readonly string[]; prune?: boolean }
  | { at: number; type: 'rollback'; app: string; id: number; prune?: boolean }
  | { at: number; type: 'terminate'; app: string }
  | { at: number; type: 'refresh'; app: string }
  | {
      at: number;
      type: 'kubectl-apply';
      objects: KubeObject[];
      /** Where each object was written, for the errors that point at it. */
      positions?: (SourcePosition | undefined)[];
    }
  | { at: number; type: 'kubectl-delete'; kind: string; name: string; namespace?: string; group?: string }
  | InterventionAction;

/**
 * An intervention typed as a command (interventions/intervention.ts): `kubectl delete|scale|edit|patch|apply -f|
 * set image|annotate|label|rollout restart …`, `argocd app sync|get --refresh|terminate-op|rollback|set …` or
 * `git commit`. `objects` is the file of a `kubectl apply -f` when the caller read it (else the path is read from
 * the repository's current revision); `revision` is the tree a `git commit` makes current.
 */
export interface InterventionAction {
  at: number;
  type: 'intervention';
  command: string;
  /** kubectl's namespace when the command names none (the page's terminal: the app's); `default` otherwise. */
  namespace?: string;
  objects?: KubeObject[];
  revision?: RepoRevision;
}

/** An intervention the cluster, Git or Argo CD refused: it changed nothing. */
export interface RefusedIntervention {
  /** Its position among `ControlPlaneInput.actions` (0-based). */
  index: number;
  at: number;
  command: string;
  error: string;
}

/** What an action acts on: the run's store, repository, application controller, log and warnings. */
export interface ActionContext {
  store: ObjectStore;
  repository: Repository;
  controller: ApplicationController;
  log: EventSink;
  warnings: string[];
}

/** Run one action (not an intervention: those go through applyIntervention) at the clock's current instant. */
export function runAction(ctx: ActionContext, action: Exclude<ControlPlaneAction, InterventionAction>): void {
  const { store, repository, controller, log, warnings } = ctx;
  switch (action.type) {
    case 'commit': {
      const sha = repository.commit(action.revision);
      log.push({ type: 'commit', revision: sha });
      break;
    }
    case 'sync': {
      const refused = controller.requestSync(action.app, action.prune ?? false, {
        info: action.info,
        labels: action.labels,
      });
      if (refused) warnings.push(`sync ${action.app}: ${refused}`);
      break;
    }
    case 'sync-project':
      for (const refused of controller.requestProjectSync(action.projects, action.prune ?? false))
        warnings.push(`sync --project ${action.projects.join(',')}: ${refused}`);
      break;
    case 'rollback': {
      const refused = controller.requestRollback(action.app, action.id, action.prune ?? false);
      if (refused) warnings.push(`rollback ${action.app} ${action.id}: ${refused}`);
      break;
    }
    case 'terminate':
      controller.terminate(action.app);
      break;
    case 'refresh':
      controller.refresh(action.app);
      break;
    case 'kubectl-apply':
      for (const obj of action.objects) {
        const target = obj.metadata.namespace
          ? obj
          : { ...obj, metadata: { ...obj.metadata, namespace: 'default' } };
        try {
          store.apply(target);
        } catch (error) {
          warnings.push(`kubectl apply: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      break;
    case 'kubectl-delete': {
      const ref = {
        group: action.group ?? '',
        kind: action.kind,
        namespace: action.namespace ?? 'default',
        name: action.name,
      };
      const found =
        store.get(ref) ??
        store
          .list({ kind: action.kind })
          .find(
            (o) =>
              o.metadata.name === action.name &&
              (o.metadata.namespace ?? '') === (action.namespace ?? 'default'),
          );
      if (found) store.delete(refOf(found), { propagationPolicy: 'Background' });
      else warnings.push(`kubectl delete: ${action.kind}/${action.name} not found`);
      break;
    }
  }
}
