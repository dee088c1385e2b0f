import { refOf } from '../cluster/gvk';
import type { ObjectStore, WatchEvent } from '../cluster/store';
import { podDisplayState, type PodDisplay } from '../controllers/podDisplayState';
import type { KubeObject } from '../types';
import type { EventLog } from '../eventLog';

/**
 * Writes a `pod` event whenever what `kubectl get pods` would show for a pod changes, and an `object` event when
 * any object appears or goes. The stack view animates pods from these events alone.
 */
export class PodTracker {
  /**
   * What was last written for each pod, by namespace then name. The fields are compared in place rather than
   * joined into a signature string: this runs at every write of every pod, most of which change nothing shown.
   */
  private readonly shown = new Map<string, Map<string, Shown>>();

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
    const appOf = this.options.appOf;
    if (event.type !== 'MODIFIED') {
      const ref = refOf(obj);
      const app = appOf?.(obj);
      const fields = {
        type: 'object' as const,
        group: ref.group,
        kind: ref.kind,
        namespace: ref.namespace,
        name: ref.name,
        action: event.type === 'ADDED' ? ('created' as const) : ('deleted' as const),
      };
      this.options.log.push(app ? { app, ...fields } : fields);
    }
    if (obj.kind !== 'Pod') return;
    // A Pod is namespaced, so these are refOf's namespace and name.
    const namespace = obj.metadata.namespace ?? '';
    const name = obj.metadata.name ?? '';
    let inNamespace = this.shown.get(namespace);
    if (event.type === 'DELETED') {
      inNamespace?.delete(name);
      return;
    }
    const display = podDisplayState(obj);
    const image = obj.spec?.containers?.[0]?.image ?? '';
    const last = inNamespace?.get(name);
    if (last && sameShown(last, display, image)) return;
    if (!inNamespace) this.shown.set(namespace, (inNamespace = new Map()));
    inNamespace.set(name, { display, image });
    // The owner chain is looked up only for an event that is written: most pod writes change nothing shown.
    const owner = this.rootOwner(obj);
    const app = appOf ? appOf(owner.object ?? obj) : undefined;
    // A plain literal, with `app` put first only when there is one: an object literal opening with a spread of
    // `{}` was the costliest line of this function in a CPU profile of a 1,000-replica Deployment.
    const fields = {
      type: 'pod' as const,
      namespace,
      name,
      state: display.state,
      ready: display.ready,
      restarts: display.restarts,
      ownerKind: owner.kind,
      ownerName: owner.name,
      image,
      message: display.message,
    };
    this.options.log.push(app ? { app, ...fields } : fields);
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

/** What the last `pod` event of a pod showed. */
interface Shown {
  display: PodDisplay;
  image: string;
}

function sameShown(last: Shown, display: PodDisplay, image: string): boolean {
  const was = last.display;
  return (
    was.state === display.state &&
    was.ready === display.ready &&
    was.restarts === display.restarts &&
    was.message === display.message &&
    last.image === image
  );
}
