import type { ObjectRef } from '../types';

/** An API resource as discovery lists it (kube `APIResourceInfo`): its group, kind and version. */
export interface ApiResourceInfo {
  group: string;
  kind: string;
  version: string;
}

/**
 * The controller's rewording of one resource's sync result (util/argo/argo.go `AugmentSyncMsg`, applied by
 * controller/sync.go L450 to each resource result, never to the operation message). A discovery NotFound ("the
 * server could not find the requested resource") names the version the API has for that group and kind, else
 * for that kind in another group, else asks for the CRD; another message is kept, except an annotation too long,
 * which gets advice. `lookup` is `getAPIResourceInfo`: group and kind, else the first of that kind.
 */
export function augmentSyncMessage(
  row: ObjectRef & { version: string; message: string },
  lookup: (group: string, kind: string) => ApiResourceInfo | undefined,
): string {
  const { message } = row;
  if (message.includes('the server could not find the requested resource')) {
    const resource = lookup(row.group, row.kind);
    if (!resource)
      return (
        `The Kubernetes API could not find ${row.group}/${row.kind} for requested resource ${row.namespace}/${row.name}. ` +
        `Make sure the ${JSON.stringify(row.kind)} CRD is installed on the destination cluster.`
      );
    return (
      `The Kubernetes API could not find version ${JSON.stringify(row.version)} of ${row.group}/${row.kind} for ` +
      `requested resource ${row.namespace}/${row.name}. Version ${JSON.stringify(resource.version)} of ` +
      `${resource.group}/${resource.kind} is installed on the destination cluster.`
    );
  }
  if (message.includes('metadata.annotations: Too long: must have at most 262144 bytes'))
    return (
      message +
      ' \n -Additional Info: This error usually means that you are trying to add a large resource on client side. ' +
      'Consider using Server-side apply or syncing with replace enabled. Note: Syncing with Replace enabled is ' +
      'potentially destructive as it may cause resource deletion and re-creation.'
    );
  return message;
}
