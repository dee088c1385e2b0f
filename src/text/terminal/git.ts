import { commandRowOf, flagRowOf } from '../../engine';
import { fail, ok, type CommandOutput } from './output';
import type { World } from './world';

/**
 * `git` in the terminal. The sandbox cannot run git: a scenario's Git history is its revisions. In a run whose
 * scenario commits over time (a control-plane run, as the course's revert), `git revert` and `git commit` stand
 * for the scenario's next commit: the cursor moves to it and one line says which commit that is; `git push`
 * then has nothing left to do. Anything else is answered with one line saying what the terminal is for.
 */
export function git(world: World, args: string[]): CommandOutput {
  const [verb] = args.filter((a) => !a.startsWith('-'));
  // git's own words for an option the command table does not list for the verb (`git push --force`).
  const row = verb === undefined ? undefined : commandRowOf(['git', verb]);
  const unknown = row && args.find((a) => a.startsWith('-') && !flagRowOf(row, a.split('=')[0]));
  if (unknown) return fail(`error: unknown option \`${unknown.replace(/^-+/, '').split('=')[0]}'`);
  const commits = world.revisions.filter((r) => r.t !== undefined);
  if (commits.length > 0 && (verb === 'revert' || verb === 'commit')) {
    const next = commits.find((c) => c.t! > world.t + 1e-9);
    if (!next)
      return fail(
        `git: the sandbox cannot run git, and this run has no commit after ${world.t.toFixed(1)} s (its commits: ${commits.map((c) => `“${c.name}” at ${c.t!.toFixed(1)} s`).join(', ')}); move the cursor before one.`,
      );
    return ok(
      [
        `git: the sandbox cannot run git; this scenario's next commit is “${next.name}” (${next.sha.slice(0, 7)}) at ${next.t!.toFixed(1)} s, so the cursor moved there.`,
      ],
      next.t,
    );
  }
  // The scenario's commits are on the remote when they happen: a push after one has nothing to print (-q).
  if (commits.length > 0 && verb === 'push') return ok(args.includes('-q') ? [] : ['Everything up-to-date']);
  return fail(
    `git: not available here: this terminal reads the simulated cluster; the scenario's revisions are its Git history (pick a scenario or edit its manifests below)`,
  );
}
