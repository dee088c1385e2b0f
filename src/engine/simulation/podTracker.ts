import { refOf } from '../cluster/gvk';
import type { ObjectStore, WatchEvent } from '../cluster/store';
import { podDisplayState } from '../controllers/podDisplayState';
import type { KubeObject } from '../types';
import type { EventLog } from '../eventLog';

/**
 * Writes a `pod` event whenever what `kubectl get pods` would show for a pod changes, and an `object` event when
 * any object appears or goes. The stack view animates pods from these events alone.
 */
export class PodTracker {
  private readonly shown = new Map<string, string>();

  constructor(
    private readonly options: {
      store: ObjectStore;
      log: EventLog;
      /**
       * The Application an object belongs to, from its own tracking annotation (contract.md §1.4: a pod's event
       * carries the app of its top owner when that owner is tracked). Absent in the single-app form.
       */
      appOf?: (obj: KubeObject) => string | undefined;
    },
  ) {}

  onWatch(event: WatchEvent): void {
    const obj = event.object;
    // Most events are changes to objects other than pods, which write nothing here.
    if (event.type === 'MODIFIED' && obj.kind !== 'Pod') return;
    const ref = refOf(obj);
    const appOf = this.options.appOf;
    if (event.type !== 'MODIFIED') {
      const app = appOf?.(obj);
      this.options.log.push({
        ...(app ? { app } : {}),
        type: 'object',
        group: ref.group,
        kind: ref.kind,
        namespace: ref.namespace,
        name: ref.name,
        action: event.type === 'ADDED' ? 'created' : 'deleted',
      });
    }
    if (obj.kind !== 'Pod') return;
    const key = `${ref.namespace}/${ref.name}`;
    if (event.type === 'DELETED') {
      this.shown.delete(key);
      return;
    }
    const display = podDisplayState(obj);
    const image = obj.spec?.containers?.[0]?.image ?? '';
    const signature = `${display.state}|${display.ready}|${display.restarts}|${display.message}|${image}`;
    if (this.shown.get(key) === signature) return;
    this.shown.set(key, signature);
    // The owner chain is looked up only for an event that is written: most pod writes change nothing shown.
    const owner = this.rootOwner(obj);
    const app = appOf ? appOf(owner.object ?? obj) : undefined;
    this.options.log.push({
      ...(app ? { app } : {}),
      type: 'pod',
      namespace: ref.namespace,
      name: ref.name,
      state: display.state,
      ready: display.ready,
      restarts: display.restarts,
      ownerKind: owner.kind,
      ownerName: owner.name,
      image,
      message: display.message,
    });
  }

  /** The top of the pod's controller chain (Pod → ReplicaSet → Deployment, Pod → Job), or the pod itself. */
  private rootOwner(pod: KubeObject): { kind: string; name: string; object?: KubeObject } {
    let current: KubeObject = pod;
    for (let depth = 0; depth < 5; depth++) {
      const ref = current.metadata.ownerReferences?.find((o) => o.controller);
      if (!ref) break;
      const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
      const owner = this.options.store.get({
        group,
        kind: ref.kind,
        namespace: current.metadata.namespace ?? '',
        name: ref.name,
      });
      if (!owner) return { kind: ref.kind, name: ref.name };
      current = owner;
    }
    return { kind: current.kind, name: current.metadata.name ?? '', object: current };
  }
}
