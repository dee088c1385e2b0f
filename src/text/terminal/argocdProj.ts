import { commandRowOf, parseCommandFlags } from '../../engine';
import { projectNamed, projWindowsListLines } from '../syncWindowText';
import { fail, ok, type CommandOutput } from './output';
import type { World } from './world';

/**
 * `argocd proj windows list PROJECT` at the cursor (cmd/argocd/commands/projectwindows.go): the project's sync
 * windows as the cluster holds them then, each Active or Inactive at that virtual time. `default` exists even
 * without an AppProject object, as Argo CD creates it; it then has no windows.
 */
export function argocdProj(world: World, words: readonly string[]): CommandOutput {
  const [noun, verb, ...rest] = words;
  if (noun !== 'windows' || verb !== 'list')
    return fail(
      `Error: unknown command "${[noun, verb].filter(Boolean).join(' ')}" for "argocd proj" (this terminal runs argocd proj windows list PROJECT)`,
    );
  // The command table reads the flags: one the CLI does not have, or one the sandbox does not model, is refused.
  const row = commandRowOf(['argocd', 'proj', 'windows', 'list']);
  const parsed = row
    ? parseCommandFlags(row, rest)
    : { error: 'argocd proj windows list is not in the command table' };
  if ('error' in parsed) return fail(parsed.error);
  if (parsed.args.length > 1)
    return fail(
      `argocd proj windows list takes one PROJECT, not ${parsed.args.length} (the CLI prints its help and exits 1)`,
    );
  const name = parsed.args[0];
  if (!name) return fail('FATA[0000] argocd proj windows list PROJECT: a project name is required');
  const project = projectNamed(world.objects(), name);
  if (!project && name !== 'default')
    return fail(`FATA[0000] rpc error: code = NotFound desc = appprojects.argoproj.io "${name}" not found`);
  return ok(
    projWindowsListLines(
      project ?? { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name } },
      world.t,
    ),
  );
}
