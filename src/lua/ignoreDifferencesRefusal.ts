/**
 * argocd-cm's system-level ignore rules (util/settings/settings.go, merged into every app's diff config by
 * diff_normalizer.go `NewIgnoreNormalizer`) are not read by the sandbox, so they are refused rather than ignored.
 */
export function ignoreDifferencesRefusal(key: string): string {
  return `${key}: system-level ignoreDifferences in argocd-cm are not modelled; put the rule in the Application's spec.ignoreDifferences, which the sandbox reads`;
}
