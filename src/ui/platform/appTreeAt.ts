import type { SimEvent } from '../../engine';
import { frameAt, objectKey } from '../../cursor/frameAt';
import { appLog } from './appLog';
import { applicationsOf } from './applicationsOf';

/** A node of the Application tree: an Application, or a resource it manages. */
export interface TreeNode {
  key: string;
  group: string;
  kind: string;
  namespace: string;
  name: string;
  /** Set on Application nodes: the Application's own name, to open it. */
  app: string | undefined;
  sync: string | undefined;
  health: string | undefined;
  hook: boolean;
  /** Set on `Cluster` nodes (clusterGroups.ts): the cluster's server. */
  server?: string;
  children: TreeNode[];
}

/**
 * The tree Argo CD's UI draws, at `t`: each root Application, its resources (a child Application in its
 * parent's resources is that Application's own node, with its own resources under it), each with the sync
 * status and health of the moment. An Application's node carries its own status; a resource its live health
 * and its sync status as the last `sync-status` event before `t` says.
 */
export function appTreeAt(events: readonly SimEvent[], t: number): TreeNode[] {
  const nodes = applicationsOf(events);
  const known = new Set(nodes.map((n) => n.name));
  const build = (name: string, seen: Set<string>): TreeNode => {
    const own = appLog(events, name);
    const frame = frameAt(own, t);
    const sync = new Map<string, string>();
    const refs = new Map<
      string,
      { group: string; kind: string; namespace: string; name: string; hook: boolean }
    >();
    for (const e of own) {
      if (e.t > t) break;
      if (e.type === 'sync-status') {
        sync.set(objectKey(e), e.status);
        if (!refs.has(objectKey(e))) refs.set(objectKey(e), { ...e, hook: false });
      }
    }
    for (const row of frame.results) {
      const key = objectKey(row);
      if (!refs.has(key)) refs.set(key, { ...row, hook: row.hookType !== '' });
    }
    const children = [...refs.entries()].map(([key, ref]): TreeNode => {
      if (
        ref.kind === 'Application' &&
        ref.group === 'argoproj.io' &&
        known.has(ref.name) &&
        !seen.has(ref.name)
      )
        return build(ref.name, new Set([...seen, ref.name]));
      return {
        key,
        group: ref.group,
        kind: ref.kind,
        namespace: ref.namespace,
        name: ref.name,
        app: undefined,
        sync: ref.hook ? undefined : sync.get(key),
        health: frame.health.get(key)?.status,
        hook: ref.hook,
        children: [],
      };
    });
    return {
      key: `argoproj.io/Application/argocd/${name}`,
      group: 'argoproj.io',
      kind: 'Application',
      namespace: 'argocd',
      name,
      app: name,
      sync: frame.app?.sync,
      health: frame.app?.health,
      hook: false,
      children,
    };
  };
  return nodes.filter((n) => !n.parent).map((n) => build(n.name, new Set([n.name])));
}
