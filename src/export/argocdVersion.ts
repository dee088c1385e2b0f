/**
 * The Argo CD release `run.sh` installs unless ARGOCD_VERSION says otherwise. The sandbox's rules were read at
 * argo-cd master 37ee0097cf85 (2026-08-22, VERSION 3.6.0, ../shared/spec/argocd-semantics.md); master's own
 * manifests run the moving `latest` image, so the export installs the newest release before that commit,
 * v3.5.1 (tagged 2026-08-12), and says so. A later 3.6 release is closer to the rules once it exists.
 */
export const argocdVersion = 'v3.5.1';

/** The commit of argo-cd the rules follow, quoted in the export's README. */
export const argocdRulesCommit = '37ee0097cf85';
