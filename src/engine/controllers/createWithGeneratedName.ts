import { ApiError } from '../cluster/apiError';
import type { ObjectStore } from '../cluster/store';
import type { KubeObject } from '../types';

/**
 * Create an object named from `metadata.generateName`. The API server draws the 5-character suffix from the
 * seeded generator; on the rare clash with an existing name it answers AlreadyExists and the controller
 * simply tries again, as Kubernetes' controllers do on their next sync.
 */
export function createWithGeneratedName(store: ObjectStore, obj: KubeObject): KubeObject {
  for (let attempt = 0; ; attempt++) {
    try {
      return store.create(obj);
    } catch (error) {
      if (!(error instanceof ApiError) || error.reason !== 'AlreadyExists' || attempt >= 4) throw error;
    }
  }
}
