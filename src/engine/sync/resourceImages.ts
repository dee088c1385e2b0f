import type { JsonAny, KubeObject } from '../types';

/** Where workload kinds keep their containers, tried in order (pods; templated workloads; CronJobs). */
const containerPaths = [
  ['spec', 'containers'],
  ['spec', 'template', 'spec', 'containers'],
  ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers'],
];

/**
 * The images of a resource's containers, best effort, as gitops-engine's `GetResourceImages` collects them for
 * each sync result (`ResourceSyncResult.Images`, Argo CD `syncResult.resources[].images`): the first container
 * list found, init containers left out, containers without an image skipped. Undefined when there are none, so
 * the field is left out of the JSON as Argo CD's `omitempty` leaves it out.
 */
export function resourceImages(obj: KubeObject | undefined): string[] | undefined {
  let containers: JsonAny;
  // Indexed loops: no iterator results for the first thousands of calls (one per sync result) before V8 compiles it.
  for (let p = 0; p < containerPaths.length; p++) {
    const path = containerPaths[p];
    let node: JsonAny = obj;
    for (let k = 0; k < path.length; k++)
      node = node !== null && typeof node === 'object' ? node[path[k]] : undefined;
    if (Array.isArray(node)) {
      containers = node;
      break;
    }
  }
  if (!Array.isArray(containers)) return undefined;
  const images = containers
    .map((c: JsonAny) => (c !== null && typeof c === 'object' ? c.image : undefined))
    .filter((image: JsonAny): image is string => typeof image === 'string');
  return images.length > 0 ? images : undefined;
}
