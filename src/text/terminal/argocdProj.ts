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
  const name = rest.find((w) => !w.startsWith('-'));
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
