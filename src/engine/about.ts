/**
 * What a run follows, in one place for `sim --version` and the page's footer: the sandbox's version (package.json's,
 * which a test keeps equal to this one), the Argo CD version whose rules the engine models, and the commit of
 * argoproj/argo-cd they were read from (docs/argocd-semantics.md "Sources", row [A]; a test checks that row too).
 * A talk's audience, or a bug report, can then say exactly what it was watching.
 */
export const about = {
  sandboxVersion: '0.1.0',
  argoCdVersion: '3.6.0',
  argoCdCommit: '37ee0097cf851bc2dd7665fc081bbce61a7e836e',
} as const;

/** The commit's short form, as Argo CD's own docs and `git log --oneline` write it (12 characters). */
export const argoCdShortCommit = about.argoCdCommit.slice(0, 12);

/** The commit on GitHub, for the page's link. */
export const argoCdCommitUrl = `https://github.com/argoproj/argo-cd/tree/${about.argoCdCommit}`;

/** The one line both faces print: `Argo CD Sync Sandbox 0.1.0, following Argo CD 3.6.0 (argoproj/argo-cd 37ee0097cf85)`. */
export function aboutLine(): string {
  return `Argo CD Sync Sandbox ${about.sandboxVersion}, following Argo CD ${about.argoCdVersion} (argoproj/argo-cd ${argoCdShortCommit})`;
}
