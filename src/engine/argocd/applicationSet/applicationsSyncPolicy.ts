import type { KubeObject } from '../../types';

/** `ApplicationsSyncPolicy` (applicationset_types.go): what the controller may do to the Applications it owns. */
export type ApplicationsSyncPolicy = 'create-only' | 'create-update' | 'create-delete' | 'sync';

export const applicationsSyncPolicies: readonly ApplicationsSyncPolicy[] = [
  'create-only',
  'create-update',
  'create-delete',
  'sync',
];

/**
 * applicationset/utils/policy.go `DefaultPolicy`: the set's `spec.syncPolicy.applicationsSync` when the
 * controller allows an override, else the controller's `--policy`. The sandbox runs the controller with its
 * defaults (`--policy ''`, which is `sync`, and `--enable-policy-override`, which then defaults to true;
 * cmd/argocd-applicationset-controller L302-L303), so the set's own policy always applies.
 */
export function applicationsSyncPolicyOf(
  appSet: KubeObject,
  controllerPolicy: ApplicationsSyncPolicy = 'sync',
  enablePolicyOverride = true,
): ApplicationsSyncPolicy {
  const own: unknown = appSet.spec?.syncPolicy?.applicationsSync;
  if (!enablePolicyOverride || typeof own !== 'string' || own === '') return controllerPolicy;
  return (applicationsSyncPolicies as readonly string[]).includes(own)
    ? (own as ApplicationsSyncPolicy)
    : controllerPolicy;
}

/** `AllowUpdate` (applicationset_types.go L128): create-update and sync update existing Applications. */
export function allowsUpdate(policy: ApplicationsSyncPolicy): boolean {
  return policy === 'create-update' || policy === 'sync';
}

/** `AllowDelete` (applicationset_types.go L132): sync and create-delete delete Applications no longer generated. */
export function allowsDelete(policy: ApplicationsSyncPolicy): boolean {
  return policy === 'sync' || policy === 'create-delete';
}
