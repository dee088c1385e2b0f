import { annotationDeletionApproved } from '../annotations';
import { toTimestamp, type SimClock } from '../clock';
import type { ObjectStore } from '../cluster/store';
import type { ApplicationController } from '../argocd/applicationController';
import { ARGOCD_NAMESPACE } from '../argocd/controlPlanePorts';
import type { Repository, RepoRevision } from '../argocd/repository';
import type { KubeObject } from '../types';
import { withSyncPolicy } from './argocdIntervention';
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
  const ref = { group: 'argoproj.io', kind: 'Application', namespace: ARGOCD_NAMESPACE, name: command.app };
  const app = store.get(ref);
  // The API server's answer through the CLI (cmd/argocd: `rpc error: code = NotFound desc = …`).
  if (!app)
    return {
      error: `FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "${command.app}" not found`,
    };
  const refused = (why: string | undefined): InterventionOutcome =>
    why ? { error: `FATA[0000] rpc error: code = FailedPrecondition desc = ${why}` } : { output: '' };
  switch (command.verb) {
    case 'sync': {
      const why = controller.requestSync(command.app, command.prune);
      // A sync window's refusal is PermissionDenied (server/application/application.go L2093, L2096).
      if (why?.startsWith('cannot sync:'))
        return { error: `FATA[0000] rpc error: code = PermissionDenied desc = ${why}` };
      return refused(why);
    }
    case 'rollback':
      return refused(controller.requestRollback(command.app, command.id, command.prune));
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
