import { annotationCsv, annotationHelmHook, annotationKeyHook } from '../annotations';
import type { KubeObject, SyncPhase } from '../types';
import { engineHookTypeWords, helmToEngine } from './hookTypes';

/**
 * How a hook's phase came from Helm's annotation, for the order table: `helm.sh/hook: post-install → PostSync`.
 * Argo CD reads `helm.sh/hook` only when `argocd.argoproj.io/hook` names no valid type (gitops-engine
 * pkg/sync/hook/hook.go `Types`: "we ignore Helm hooks if we have Argo hook"), and maps pre-install and
 * pre-upgrade to PreSync, post-install and post-upgrade to PostSync (pkg/sync/hook/helm/type.go `hookTypes`,
 * type_test.go TestType_HookType). '' when the phase is not Helm's doing.
 */
export function helmHookMapping(obj: KubeObject, phase: SyncPhase | ''): string {
  if (phase === '') return '';
  if (annotationCsv(obj, annotationKeyHook).some((word) => engineHookTypeWords.includes(word))) return '';
  const words = annotationCsv(obj, annotationHelmHook).filter((word) => helmToEngine[word] === phase);
  return words.length === 0 ? '' : `${annotationHelmHook}: ${words.join(',')} → ${phase}`;
}
