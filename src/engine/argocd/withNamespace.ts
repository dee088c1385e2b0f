import { isNamespaced } from '../cluster/gvk';
import type { KubeObject } from '../types';

/** Namespaced objects without a namespace go to the Application's destination namespace (§2.2 item 3). */
export function withNamespace(obj: KubeObject, namespace: string): KubeObject {
  if (!isNamespaced(obj.kind) || obj.metadata.namespace) return obj;
  return { ...obj, metadata: { ...obj.metadata, namespace } };
}
