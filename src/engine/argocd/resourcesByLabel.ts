import { groupOf } from '../cluster/gvk';
import type { KubeObject } from '../types';
import type { SyncOperationResource } from './autoSync';

/**
 * The resources `argocd app sync APP --label KEY=VALUE …` syncs, or its refusal, as the CLI works them out
 * (cmd/argocd/commands/app.go, `NewApplicationSyncCommand`): every manifest of the app's target revision carrying
 * one of the labels, narrowed to the app's own resources (`filterAppResources`: `status.resources`, live hooks included, which the sync then makes no task of).
 * None carrying a label is refused with "No matching resources found for labels: [k=v …]"; labelled manifests
 * that are none of the app's resources with "No matching app resources found for resource filter: …".
 */
export function resourcesByLabel(
  manifests: readonly KubeObject[],
  appResources: readonly { group: string; kind: string; name: string }[],
  labels: readonly { name: string; value: string }[],
): { resources: SyncOperationResource[] } | { refused: string } {
  const keys: string[] = [];
  for (const obj of manifests)
    if (labels.some((l) => obj.metadata.labels?.[l.name] === l.value))
      keys.push(`${groupOf(obj.apiVersion)}:${obj.kind}:${obj.metadata.name}`);
  if (keys.length === 0)
    return {
      refused: `No matching resources found for labels: [${labels.map((l) => `${l.name}=${l.value}`).join(' ')}]`,
    };
  const wanted = new Set(keys);
  const resources = appResources
    .filter((r) => wanted.has(`${r.group}:${r.kind}:${r.name}`))
    .map((r) => ({ ...(r.group ? { group: r.group } : {}), kind: r.kind, name: r.name }));
  if (resources.length === 0)
    return { refused: `No matching app resources found for resource filter: ${keys.join(', ')}` };
  return { resources };
}
