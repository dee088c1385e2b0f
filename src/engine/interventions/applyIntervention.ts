import { annotationDeletionApproved } from '../annotations';
import { toTimestamp, type SimClock } from '../clock';
import type { ObjectStore } from '../cluster/store';
import type { ApplicationController } from '../argocd/applicationController';
import { ARGOCD_NAMESPACE } from '../argocd/controlPlanePorts';
import type { Repository, RepoRevision } from '../argocd/repository';
import type { KubeObject } from '../types';
import { withSyncPolicy, type SyncRequest } from './argocdIntervention';
import type { SyncRequestOptions } from '../argocd/syncOperation';
import type { JsonAny } from '../types';
import { parseIntervention } from './intervention';
import { runKubectl } from './runKubectl';

export interface InterventionPorts {
  store: ObjectStore;
  clock: SimClock;
  repository: Repository;
  controller: ApplicationController;
}

/** What the command printed, or its error; `commit` is the SHA a `git commit` made. */
export type InterventionOutcome = { output: string; commit?: string } | { error: string };

/**
 * Run one intervention at the clock's current instant (runControlPlane's `intervention` action). A refused one
 * changes nothing and answers with the tool's own error text.
 */
export function applyIntervention(
  ports: InterventionPorts,
  action: { command: string; namespace?: string; objects?: readonly KubeObject[]; revision?: RepoRevision },
): InterventionOutcome {
  const parsed = parseIntervention(action.command, action.namespace);
  if ('error' in parsed) return parsed;
  const { store, controller, repository } = ports;
  if (parsed.tool === 'kubectl')
    return runKubectl(
      {
        store,
        nowMs: ports.clock.now(),
        fileObjects: (path) => (action.objects ? [...action.objects] : repository.fileObjects(path)),
      },
      parsed.command,
    );
  if (parsed.tool === 'git') {
    if (!action.revision) return { error: 'nothing to commit, working tree clean' };
    const sha = repository.commit(action.revision);
    return { output: `[main ${sha.slice(0, 7)}] ${parsed.message || action.revision.name}`, commit: sha };
  }
  const command = parsed.command;
  // The CLI's own fatal errors, printed before or instead of asking the API server (`FATA[0000] …`), and the
  // API server's answers through the CLI (`rpc error: code = … desc = …`).
  const cliRefused = (why: string | undefined): InterventionOutcome =>
    why === undefined ? { output: '' } : { error: `FATA[0000] ${why}` };
  const refused = (why: string | undefined): InterventionOutcome =>
    why === undefined
      ? { output: '' }
      : cliSide(why)
        ? cliRefused(why)
        : { error: `FATA[0000] rpc error: code = FailedPrecondition desc = ${why}` };
  if (command.verb === 'sync-project') {
    const errors = controller.requestProjectSync(
      command.projects,
      command.request.prune,
      syncOptionsOf(command.request),
    );
    return errors.length === 0 ? { output: '' } : { error: errors.map((e) => `FATA[0000] ${e}`).join('\n') };
  }
  const ref = { group: 'argoproj.io', kind: 'Application', namespace: ARGOCD_NAMESPACE, name: command.app };
  const app = store.get(ref);
  if (!app)
    return {
      error: `FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "${command.app}" not found`,
    };
  switch (command.verb) {
    case 'sync': {
      const why = controller.requestSync(command.app, command.request.prune, syncOptionsOf(command.request));
      // A sync window's refusal is PermissionDenied (server/application/application.go L2093, L2096).
      if (why?.startsWith('cannot sync:'))
        return { error: `FATA[0000] rpc error: code = PermissionDenied desc = ${why}` };
      return refused(why);
    }
    case 'rollback': {
      // cmd/argocd/commands/app.go findRevisionHistory: the CLI picks the entry from the app's history itself.
      const entry = revisionToRollBack(app, command.id);
      if ('error' in entry) return cliRefused(entry.error);
      return refused(controller.requestRollback(command.app, entry.id, command.prune));
    }
    case 'refresh':
      controller.refresh(command.app);
      return { output: '' };
    case 'terminate-op':
      if (!app.operation)
        return {
          error:
            'FATA[0000] rpc error: code = InvalidArgument desc = Unable to terminate operation. No operation is in progress',
        };
      controller.terminate(command.app);
      return { output: `Application '${command.app}' operation terminating` };
    case 'confirm-deletion':
      // cmd/argocd/commands/app.go NewApplicationConfirmDeletionCommand: the annotation set to now, in RFC 3339.
      store.patch(ref, (draft) => {
        draft.metadata.annotations = {
          ...draft.metadata.annotations,
          [annotationDeletionApproved]: toTimestamp(ports.clock.now()),
        };
      });
      return { output: `Application '${command.app}' updated successfully` };
    case 'set': {
      const policy = withSyncPolicy(app.spec?.syncPolicy, command);
      store.patch(ref, (draft) => {
        if (policy === undefined) delete draft.spec.syncPolicy;
        else draft.spec.syncPolicy = policy;
      });
      return { output: '' };
    }
  }
}

/** The refusals the CLI makes itself after reading the app (cmd/argocd/commands/app.go), not the API server's. */
function cliSide(why: string): boolean {
  return why.startsWith('No matching ');
}

/** What the controller's `requestSync` takes of a parsed `argocd app sync`. */
function syncOptionsOf(request: SyncRequest): SyncRequestOptions {
  return {
    ...(request.info.length > 0 ? { info: request.info } : {}),
    ...(request.labels.length > 0 ? { labels: request.labels } : {}),
    ...(request.resources.length > 0 ? { resources: request.resources } : {}),
    ...(request.dryRun ? { dryRun: true } : {}),
    ...(request.strategy ? { strategy: request.strategy } : {}),
    ...(request.syncOptions ? { syncOptions: request.syncOptions } : {}),
    ...(request.retry ? { retry: request.retry } : {}),
  };
}

/**
 * cmd/argocd/commands/app.go `findRevisionHistory`: without an ID the entry before the last ("should have at least
 * two successful deployments" when there is none), else the entry of that ID.
 */
function revisionToRollBack(app: KubeObject, id: number | undefined): { id: number } | { error: string } {
  const history: JsonAny[] = app.status?.history ?? [];
  const name = app.metadata.name;
  if (id === undefined) {
    if (history.length < 2)
      return { error: `application '${name}' should have at least two successful deployments` };
    return { id: history[history.length - 2].id };
  }
  if (!history.some((h) => h.id === id))
    return { error: `application '${name}' does not have deployment id '${id}' in history` };
  return { id };
}
