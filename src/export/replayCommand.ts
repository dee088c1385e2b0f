import type { ExportPlan } from './exportPlan';

/**
 * Seconds between two syncs of a single-app scenario's history in the replay: `sim run --repo` has no "before
 * t 0", so each earlier revision is synced this long before the next (each settles well within it).
 */
export const historySpacing = 600;

/**
 * The arguments of `sim run` that replay an export in the sandbox's own reader (`sim run --repo`, contract.md
 * §1.4, §1.5), the folder being `dir`: the revision HEAD at t 0 as the repository, the Argo CD objects, and each
 * later revision and action as `--then`. A single-app scenario's history becomes syncs `historySpacing` apart,
 * its own sync the last of them.
 */
export function replayArgs(plan: ExportPlan, dir: string): string[] {
  const at = (p: string) => `${dir}/${p}`;
  const revision = (i: number) => at(`revisions/${plan.revisions[i].dir}`);
  const args: string[] = [];
  const then = (seconds: number, action: string) => args.push('--then', `${seconds}:${action}`);
  let offset = 0;
  let first = plan.start;
  if (plan.history.length > 0) {
    first = plan.history[0];
    const later = [...plan.history.slice(1), plan.start];
    later.forEach((i, k) => {
      const seconds = (k + 1) * historySpacing;
      then(seconds, `commit ${revision(i)}`);
      for (const app of plan.syncAtStart) then(seconds, `sync ${app}`);
    });
    offset = later.length * historySpacing;
  }
  for (const a of plan.actions) {
    const t = offset + a.at;
    switch (a.type) {
      case 'commit':
        then(t, `commit ${revision(a.revision)}`);
        break;
      case 'sync':
        then(t, `sync ${a.app}`);
        break;
      case 'sync-project':
        then(t, `sync ${a.projects.map((p) => `--project ${p}`).join(' ')}`);
        break;
      case 'refresh':
      case 'terminate':
        then(t, `${a.type} ${a.app}`);
        break;
      case 'rollback':
        then(t, `rollback ${a.app} ${a.id}`);
        break;
      case 'kubectl-apply':
        then(t, `kubectl-apply ${at(a.file)}`);
        break;
      case 'kubectl-delete':
        then(t, `kubectl-delete ${a.kind}/${a.name}${a.namespace ? ` -n ${a.namespace}` : ''}`);
        break;
      case 'intervention':
        // A git commit replays as the commit of the revision it made current; other commands as typed.
        then(t, a.revision !== undefined ? `commit ${revision(a.revision)}` : a.command);
        break;
    }
  }
  return [
    'run',
    '--repo',
    revision(first),
    at('argocd/applications.yaml'),
    ...(plan.argocdCm ? ['--argocd-cm', at('argocd/argocd-cm.yaml')] : []),
    ...(plan.progressiveSyncs ? ['--progressive-syncs'] : []),
    '--wave-delay',
    String(plan.waveDelay),
    '--seed',
    String(plan.seed),
    ...(plan.until !== undefined || offset > 0 ? ['--until', String(offset + (plan.until ?? 3600))] : []),
    ...plan.fail.flatMap((f) => ['--fail', f]),
    ...args,
  ];
}
