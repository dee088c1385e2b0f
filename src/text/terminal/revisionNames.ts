import type { Scenario } from '../../scenarios/scenario';
import { applicationsAt } from './controlPlaneApps';
import type { RevisionName, TerminalRun } from './world';

/**
 * The scenario's commits over time with the SHAs the run gives them, oldest first (what `git commit` in the
 * terminal steps to). A platform scenario's Git starts at its first revision and each `commit` action makes another
 * HEAD, logged as a `commit` event with the SHA, so the n-th commit event is the n-th commit action in time order.
 * A single-app scenario's revisions are all synced by t 0 and it commits nothing later: none.
 */
export function revisionNames(scenario: Scenario | undefined, run: TerminalRun): RevisionName[] {
  const platform = scenario?.platform;
  if (!platform) return [];
  const commits = platform.actions
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.type === 'commit')
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map(({ a }) => (a.type === 'commit' ? a.revision : ''));
  const events = run.events.filter((e) => e.type === 'commit');
  const out: RevisionName[] = [];
  // The first revision's SHA: the one the first Application compared with at t 0.
  const first = applicationsAt(run.objects, 0).find((a) => a.status.sync.revision)?.status.sync.revision;
  if (first && platform.revisions[0]) out.push({ name: platform.revisions[0].name, sha: first });
  events.forEach((e, i) => {
    if (e.type === 'commit')
      out.push({ name: commits[i] ?? e.revision.slice(0, 7), sha: e.revision, t: e.t });
  });
  return out;
}
