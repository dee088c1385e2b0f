import type { ExportPlan } from './exportPlan';
import { repoUrlPlaceholder } from './repoUrlPlaceholder';
import { shellQuote } from './shellQuote';

/**
 * `make-repo.sh`: a Git repository with one commit per revision of the scenario, in order, each with the
 * scenario's name for the revision as its message and tagged r1, r2, …; the placeholder of every repository URL
 * filled from REPO_URL, which also becomes the `origin` remote. Bash and git only; it never pushes.
 */
export function makeRepoScript(plan: ExportPlan): string {
  const q = shellQuote;
  // Every text of the scenario as a word of its own, through shellQuote (runScript.ts says why).
  const commits = plan.revisions
    .map((r) => `commit_revision ${q(r.dir)} ${q(r.message)} ${q(r.tag)}`)
    .join('\n');
  const exampleUrl = q(`https://github.com/you/${plan.name}.git`);
  return `#!/usr/bin/env bash
# shellcheck disable=SC2016,SC1003 # the scenario's texts are in single quotes on purpose: data, never expanded
# Makes the Git repository of the scenario ${q(plan.title)} (${q(plan.name)}): one commit per revision, in
# the order the sandbox plays them, each tagged (r1, r2, ...). Written by the Argo CD Sync Sandbox's export.
#
#   REPO_URL=${exampleUrl} ./make-repo.sh [FOLDER]    (FOLDER: ./repo when not given)
#
# Then push it: git -C repo push --tags origin main (run.sh pushes each revision to main at its moment).
set -euo pipefail

here="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
if [ -z "\${REPO_URL:-}" ]; then
  printf '%s\\n' ${q(`make-repo.sh: set REPO_URL to the Git repository the Applications will read, e.g. https://github.com/you/${plan.name}.git`)} >&2
  exit 1
fi
repo="\${1:-$here/repo}"
if [ -e "$repo" ]; then
  echo "make-repo.sh: $repo already exists; remove it or name another folder" >&2
  exit 1
fi

# REPO_URL written into files through sed: escape what sed's replacement reads specially.
url_for_sed="$(printf '%s' "$REPO_URL" | sed -e 's/[\\\\|&]/\\\\&/g')"

git init -q -b main "$repo"

# commit_revision FOLDER MESSAGE TAG: the repository becomes revisions/FOLDER, committed and tagged.
commit_revision() {
  find "$repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
  cp -R "$here/revisions/$1/." "$repo/"
  { grep -rlF --exclude-dir=.git '${repoUrlPlaceholder}' "$repo" || true; } | while IFS= read -r file; do
    sed -e "s|${repoUrlPlaceholder}|$url_for_sed|g" "$file" >"$file.new" && mv "$file.new" "$file"
  done
  git -C "$repo" add -A
  git -C "$repo" \\
    -c user.name="\${GIT_AUTHOR_NAME:-Argo CD Sync Sandbox}" \\
    -c user.email="\${GIT_AUTHOR_EMAIL:-sandbox@example.invalid}" \\
    commit -q --allow-empty -m "$2"
  git -C "$repo" tag "$3"
}

${commits}

git -C "$repo" remote add origin "$REPO_URL"
echo "made $repo: ${plan.revisions.length} commit(s), tags ${plan.revisions.map((r) => r.tag).join(' ')}, remote origin $REPO_URL"
echo "next: git -C $repo push --tags origin main    then: REPO_URL=$REPO_URL ./run.sh"
`;
}

/** A title on one line of a comment. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
