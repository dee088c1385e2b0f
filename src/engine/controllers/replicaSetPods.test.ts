import { afterEach, describe, expect, it, vi } from 'vitest';
import { ObjectStore } from '../cluster/store';
import { runSingleApp } from '../simulation/singleApp';
import type { KubeObject, ObjectRef } from '../types';
import { controllerUid } from './ownerRefs';
import { availableAt, isPodActive } from './podAvailability';
import { deployment } from '../../../test/kits/simulation.testKit';

afterEach(() => vi.restoreAllMocks());

/** The counts a full read of every pod gives (the ReplicaSet controller's own loop before it kept them). */
function fullCount(store: ObjectStore, rs: KubeObject, now: number) {
  const minReady = rs.spec?.minReadySeconds ?? 0;
  const active = store
    .scan({ kind: 'Pod', namespace: rs.metadata.namespace })
    .filter((p) => controllerUid(p) === rs.metadata.uid && isPodActive(p));
  const at = active.map((p) => availableAt(p, minReady)).filter((t) => t !== undefined);
  return {
    replicas: active.length,
    readyReplicas: at.length,
    availableReplicas: at.filter((t) => t <= now).length,
  };
}

describe('a ReplicaSet’s counts kept between its reconciles', () => {
  it.each([0, 5])(
    'a rollout of 300 pods (minReadySeconds %i): every status written is the full count, and pods are claimed in full only when created',
    (minReadySeconds) => {
      const written: { status: object; full: object }[] = [];
      let claimedPods = 0;
      const setStatus = ObjectStore.prototype.setStatus;
      vi.spyOn(ObjectStore.prototype, 'setStatus').mockImplementation(function (
        this: ObjectStore,
        ref: ObjectRef,
        status: KubeObject['status'],
      ) {
        const rs = this.get(ref);
        if (rs?.kind === 'ReplicaSet') {
          // The store's own clock: the instant the status is written at.
          const now = (this as unknown as { clock: { now(): number } }).clock.now();
          written.push({
            status: {
              replicas: status.replicas ?? 0,
              readyReplicas: status.readyReplicas ?? 0,
              availableReplicas: status.availableReplicas ?? 0,
            },
            full: fullCount(this, rs, now),
          });
        }
        return setStatus.call(this, ref, status);
      });
      const scanOwned = ObjectStore.prototype.scanOwnedInOrder;
      vi.spyOn(ObjectStore.prototype, 'scanOwnedInOrder').mockImplementation(function (
        this: ObjectStore,
        options,
      ) {
        const out = scanOwned.call(this, options);
        if (options.kind === 'Pod') claimedPods += out.length;
        return out;
      });
      const web = deployment('web', { replicas: 300 });
      web.spec.minReadySeconds = minReadySeconds;
      const result = runSingleApp({ desired: [web], untilSeconds: 600 });
      expect(result.application.status.health.status).toBe('Healthy');
      expect(written.length).toBeGreaterThan(10);
      for (const { status, full } of written) expect(status).toEqual(full);
      expect(written.at(-1)!.status).toEqual({ replicas: 300, readyReplicas: 300, availableReplicas: 300 });
      // Claimed in full at its first reconcile and after creating its pods: 300 once, not 300 at every reconcile.
      expect(claimedPods).toBeLessThanOrEqual(2 * 300);
    },
  );
});
