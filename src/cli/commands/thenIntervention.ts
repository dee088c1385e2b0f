import { InputError, parseIntervention, type InterventionAction } from '../../engine';
import type { ParsedObject } from '../../scenarios/manifests';

/**
 * `--then SECONDS:"kubectl …"`, `"argocd app …"`, `"git commit -m MSG DIR"` (contract.md §1.5): an
 * intervention, parsed by the engine (so a command kubectl or argocd would not even send is bad input here, exit
 * 2). Two read files: `kubectl apply -f FILE` reads FILE (its warnings printed as every file's), and `git commit … DIR` makes the folder DIR the
 * repository's new revision (as `commit DIR` does). A command the cluster or Argo CD refuses while the run plays
 * is reported after it (run.ts), with its position.
 */
export function thenIntervention(
  then: { at: number; action: string },
  position: number,
  readManifests: (path: string) => ParsedObject[],
  readFolder: (dir: string) => InterventionAction['revision'],
): InterventionAction {
  const where = { file: '<command line>', line: 1, column: 1 };
  const parsed = parseIntervention(then.action);
  if ('error' in parsed)
    throw new InputError(`--then #${position} (${then.at}:${then.action}): ${parsed.error}`, where);
  const action: InterventionAction = { at: then.at, type: 'intervention', command: then.action };
  if (parsed.tool === 'kubectl' && parsed.command.verb === 'apply') {
    const file = parsed.command.file;
    action.objects = readManifests(file).map((p) => p.object);
  }
  if (parsed.tool === 'git') {
    const words = then.action.split(/\s+/).slice(2);
    const dir = words.filter((w, i) => w !== '-m' && words[i - 1] !== '-m').at(-1);
    if (!dir || /^["']/.test(dir))
      throw new InputError(
        `--then #${position} (${then.at}:${then.action}): git commit takes the folder of the new revision: git commit -m MESSAGE DIR`,
        where,
      );
    action.revision = readFolder(dir);
  }
  return action;
}
