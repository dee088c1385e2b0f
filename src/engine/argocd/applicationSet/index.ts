/**
 * The ApplicationSet controller's pure pieces (argocd-semantics.md §5.0, §5.1): rendering, validation, conditions,
 * RollingSync, requeue rules and one reconcile as a plan; and the controller (controller/) that carries the plans
 * out on the fake cluster's store, on the virtual clock.
 */
export { renderApplications, RESOURCES_FINALIZER, type RenderApplicationsResult } from './renderApplications';
export { renderGoTemplate, goTemplateOptionsFrom } from './goTemplate';
export { renderFastTemplate } from './fastTemplate';
export { validateGeneratedApplications, isValidApplication } from './validateApplications';
export { setApplicationSetStatusConditions, type ApplicationSetCondition } from './conditions';
export { shouldRequeueForApplication, shouldRequeueForApplicationSet } from './requeue';
export { planReconcile, type ReconcilePlan, type ReconcileOptions } from './planReconcile';
export { performProgressiveSyncs } from './rollingSync/performProgressiveSyncs';
export type { ApplicationStatusEntry, ProgressiveSyncStatus } from './rollingSync/applicationStatus';
export { applicationSetStatusOf, type ApplicationSetStatus } from './applicationSetTypes';
export {
  ApplicationSetController,
  startApplicationSetController,
  ERROR_REQUEUE_MS,
} from './controller/applicationSetController';
export { withMaxUpdate } from './rollingSync/withMaxUpdate';
