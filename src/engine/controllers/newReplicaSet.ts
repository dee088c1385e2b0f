import { refOf } from '../cluster/gvk';
import type { JsonAny, KubeObject } from '../types';
import { clone, deepEqual } from '../util/clone';
import {
  getDeploymentCondition,
  newDeploymentCondition,
  setDeploymentCondition,
} from './deploymentConditions';
import type { DeploymentSync, RolloutSets } from './deploymentSync';
import {
  byCreation,
  desiredReplicas,
  DESIRED_REPLICAS_ANNOTATION,
  maxSurge,
  MAX_REPLICAS_ANNOTATION,
  newRSNewReplicas,
  NOT_COPIED_ANNOTATIONS,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  revisionOf,
} from './deploymentUtil';
import { controllerRefTo } from './ownerRefs';
import { templateHash } from './templateHash';

/** The label that ties a ReplicaSet and its pods to one pod template. */
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/**
 * `getAllReplicaSetsAndSyncRevision`: split the Deployment's ReplicaSets into the new one (its template is the
 * Deployment's, ignoring the hash label) and the old ones, bring the new one's revision annotation up to
 * date, and, when `create` is set and none matches, create `<deployment>-<pod-template-hash>`.
 *
 * A rollback needs nothing special: the old ReplicaSet whose template matches again becomes the new one,
 * gets the next revision number (its former ones go to `revision-history`) and is scaled up.
 */
export function newReplicaSet(sync: DeploymentSync, create: boolean): RolloutSets {
  const template = sync.d.spec?.template ?? {};
  const sorted = [...sync.rsList].sort(byCreation);
  const found = sorted.find((rs) => sameTemplate(rs.spec?.template, template));
  const oldRSs = sorted.filter((rs) => rs !== found);
  const newRevision = String(Math.max(0, ...oldRSs.map(revisionOf)) + 1);
  if (found) return { newRS: syncExisting(sync, found, newRevision), oldRSs };
  if (!create) return { newRS: undefined, oldRSs };
  return { newRS: createNew(sync, oldRSs, newRevision), oldRSs };
}

function syncExisting(sync: DeploymentSync, rs: KubeObject, newRevision: string): KubeObject {
  const annotations = nextAnnotations(sync.d, rs, newRevision);
  const minReady = sync.d.spec?.minReadySeconds ?? 0;
  let current = rs;
  if (!deepEqual(annotations, rs.metadata.annotations) || (rs.spec?.minReadySeconds ?? 0) !== minReady) {
    current = sync.cluster.store.patch(refOf(rs), (draft) => {
      draft.metadata.annotations = annotations;
      draft.spec.minReadySeconds = minReady;
    });
    sync.rsList = sync.rsList.map((x) => (x === rs ? current : x));
  }
  sync.revision = current.metadata.annotations?.[REVISION_ANNOTATION];
  // A Deployment first seen with an existing ReplicaSet (adopted, say) starts measuring progress now.
  if (!getDeploymentCondition(sync.status.conditions, 'Progressing')) {
    const message = `Found new replica set "${current.metadata.name}"`;
    const condition = newDeploymentCondition(
      'Progressing',
      'True',
      'FoundNewReplicaSet',
      message,
      sync.cluster.clock.now(),
    );
    sync.status.conditions = setDeploymentCondition(sync.status.conditions, condition);
  }
  return current;
}

function createNew(sync: DeploymentSync, oldRSs: KubeObject[], revision: string): KubeObject {
  const { cluster, d } = sync;
  // A name clash with a ReplicaSet the Deployment does not own bumps collisionCount and so the hash.
  let collisions = sync.status.collisionCount ?? 0;
  let hash = hashOf(d.spec?.template, collisions);
  while (cluster.store.get({ ...refOf(d), kind: 'ReplicaSet', name: `${d.metadata.name}-${hash}` }))
    hash = hashOf(d.spec?.template, ++collisions);
  if (collisions) sync.status.collisionCount = collisions;
  const template = clone(d.spec?.template ?? {});
  template.metadata ??= {};
  template.metadata.labels = { ...template.metadata.labels, [POD_TEMPLATE_HASH]: hash };
  const selector = clone(d.spec?.selector ?? {});
  selector.matchLabels = { ...selector.matchLabels, [POD_TEMPLATE_HASH]: hash };
  const draft: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`,
      namespace: d.metadata.namespace,
      labels: { ...template.metadata.labels },
      ownerReferences: [controllerRefTo(d)],
    },
    spec: {
      replicas: newRSNewReplicas(d, oldRSs, undefined),
      minReadySeconds: d.spec?.minReadySeconds ?? 0,
      selector,
      template,
    },
  };
  draft.metadata.annotations = nextAnnotations(d, draft, revision);
  draft.metadata.annotations[DESIRED_REPLICAS_ANNOTATION] = String(desiredReplicas(d));
  draft.metadata.annotations[MAX_REPLICAS_ANNOTATION] = String(desiredReplicas(d) + maxSurge(d));
  const created = cluster.store.create(draft);
  sync.rsList = [...sync.rsList, created];
  sync.revision = revision;
  const message = `Created new replica set "${created.metadata.name}"`;
  const condition = newDeploymentCondition(
    'Progressing',
    'True',
    'NewReplicaSetCreated',
    message,
    cluster.clock.now(),
  );
  sync.status.conditions = setDeploymentCondition(sync.status.conditions, condition);
  return created;
}

/**
 * `SetNewReplicaSetAnnotations`: the Deployment's own annotations are copied (Argo CD's tracking annotation
 * included, which is why Argo CD checks that a tracking id names the object carrying it), and the revision
 * only ever goes up; a raised revision keeps the former one in `revision-history`.
 */
function nextAnnotations(d: KubeObject, rs: KubeObject, newRevision: string): Record<string, string> {
  const out: Record<string, string> = { ...rs.metadata.annotations };
  for (const [key, value] of Object.entries(d.metadata.annotations ?? {}))
    if (!NOT_COPIED_ANNOTATIONS.has(key)) out[key] = value;
  const old = out[REVISION_ANNOTATION];
  if (Number(old ?? 0) < Number(newRevision)) {
    out[REVISION_ANNOTATION] = newRevision;
    if (old !== undefined) {
      const history = out[REVISION_HISTORY_ANNOTATION];
      out[REVISION_HISTORY_ANNOTATION] = history ? `${history},${old}` : old;
    }
  }
  return out;
}

/**
 * Whether a ReplicaSet's template is the Deployment's once its hash label is left out (`EqualIgnoreHash`): one
 * `deepEqual` of a shallow view of the template without the label, its labels dropped when the label was their only
 * key (an undefined field counts as absent there). Every reconcile of a Deployment asks it of each of its
 * ReplicaSets; a deep copy of the template for it was 14% of everything a 1,000-resource run cloned.
 */
export function sameTemplate(rsTemplate: JsonAny, template: JsonAny): boolean {
  const labels = rsTemplate?.metadata?.labels;
  if (!labels?.[POD_TEMPLATE_HASH]) return deepEqual(rsTemplate, template);
  const { [POD_TEMPLATE_HASH]: _hash, ...others } = labels;
  const metadata = { ...rsTemplate.metadata, labels: Object.keys(others).length > 0 ? others : undefined };
  return deepEqual({ ...rsTemplate, metadata }, template);
}

function hashOf(template: JsonAny, collisions: number): string {
  return templateHash(collisions ? { template, collisionCount: collisions } : template);
}
