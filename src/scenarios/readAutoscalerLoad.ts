import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { AutoscalerLoad, LoadPoint, RepoRevision } from '../engine';

/**
 * A platform scenario's `load:`: per HorizontalPodAutoscaler of its repository, the replicas its metrics ask for
 * over virtual time, in place of a metrics server:
 *
 *     load:
 *       web:                          # a HorizontalPodAutoscaler's name (or namespace/name)
 *         - { at: 0, replicas: 1 }    # from 0 s the load asks for 1 replica
 *         - { at: 20, replicas: 4 }   # from 20 s, for 4
 *
 * Every error names its place in the file (the caller's `fail` adds file:line:col). An HPA that no revision of
 * the repository holds is refused: a load that nothing reads would be accepted and ignored.
 */
export function readAutoscalerLoad(
  node: YamlNode | undefined,
  revisions: readonly RepoRevision[],
  maxSeconds: number,
  fail: (message: string, node?: YamlNode | null) => never,
): AutoscalerLoad | undefined {
  if (node === undefined || node === null) return undefined;
  if (!isMap(node))
    return fail('load must map HorizontalPodAutoscaler names to lists of { at: SECONDS, replicas: N }', node);
  const hpas = new Set<string>();
  for (const revision of revisions)
    for (const objects of Object.values(revision.files))
      for (const { object } of objects)
        if (object.kind === 'HorizontalPodAutoscaler') {
          hpas.add(object.metadata.name ?? '');
          if (object.metadata.namespace) hpas.add(`${object.metadata.namespace}/${object.metadata.name}`);
        }
  const load: Record<string, LoadPoint[]> = {};
  for (const pair of node.items) {
    const key = pair.key as YamlNode;
    const name = isScalar(key) ? String(key.value) : '';
    if (!hpas.has(name)) fail(`load: no HorizontalPodAutoscaler "${name}" in repo.revisions`, key);
    const list = pair.value as YamlNode;
    if (!isSeq(list) || list.items.length === 0)
      fail(`load.${name} must be a list of { at: SECONDS, replicas: N }`, list ?? key);
    const points: LoadPoint[] = [];
    for (const [i, entry] of (list as YamlNode & { items: unknown[] }).items.entries()) {
      const item = entry as YamlNode;
      const point = (isMap(item) ? item.toJSON() : undefined) as Record<string, unknown> | undefined;
      if (!point) return fail(`load.${name}[${i}] must be { at: SECONDS, replicas: N }`, item);
      for (const k of Object.keys(point))
        if (k !== 'at' && k !== 'replicas')
          fail(`load.${name}[${i}].${k} is not a load setting (one of: at, replicas)`, item);
      const at = point.at;
      if (typeof at !== 'number' || !(at >= 0 && at <= maxSeconds))
        fail(`load.${name}[${i}].at must be a number of seconds from 0 to ${maxSeconds}`, item);
      const replicas = point.replicas;
      if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0 || replicas > 1000)
        fail(`load.${name}[${i}].replicas must be a whole number from 0 to 1000`, item);
      const atMs = Math.round((at as number) * 1000);
      if (points.length > 0 && atMs <= points[points.length - 1].atMs)
        fail(`load.${name}[${i}].at must be later than the point before it`, item);
      points.push({ atMs, replicas: replicas as number });
    }
    load[name] = points;
  }
  return load;
}
