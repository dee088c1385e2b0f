import { argocdVersion } from './argocdVersion';
import { dnsLabel } from './dnsLabel';
import type { ExportAction, ExportPlan } from './exportPlan';
import { oneLine } from './makeRepoScript';
import { repoUrlPlaceholder } from './repoUrlPlaceholder';
import { shellQuote } from './shellQuote';
import { commandWords, runDefaults } from '../engine';

/**
 * Every text of the scenario in these scripts (revision names, Application names, titles, the id) is written by
 * `shellQuote` as a word of its own, even in an `echo` or a comment, and the id only as a DNS label (dnsLabel.ts):
 * a scenario can come from anyone, and nothing of it may run as shell (test/export/exportInjection.test.ts).
 *
 * `run.sh`: a kind cluster with Argo CD, the scenario applied and replayed at its moments (each revision pushed
 * to `main` when the sandbox commits it, each sync, refresh, terminate and kubectl change at its second), then
 * the commands that show what to compare with the sandbox. Needs kind, kubectl, git, and push access to REPO_URL.
 */
export function runScript(plan: ExportPlan): string {
  const q = shellQuote;
  const history = plan.history
    .map((i) => {
      const r = plan.revisions[i];
      return [
        `printf '%s\\n' ${q(`before t 0: revision ${r.tag} (${oneLine(r.message)}), synced and awaited as the sandbox's history`)}`,
        `push_revision ${q(r.tag)}`,
        ...plan.syncAtStart.map((app) => `sync_app ${q(app)} ${plan.prune}\nwait_operation ${q(app)}`),
      ].join('\n');
    })
    .join('\n');
  const start = plan.revisions[plan.start];
  const atStart = plan.syncAtStart.map((app) => `sync_app ${q(app)} ${plan.prune}`).join('\n');
  const actions = plan.actions.map((a) => `at ${a.at}\n${actionLine(plan, a)}`).join('\n');
  const outcomes = plan.outcomes
    .map(
      (o) =>
        `printf '%s\\n' ${q(`  ${o.app}: operation ${o.operationPhase ?? '-'}, sync ${o.syncStatus ?? '-'}, health ${o.health ?? '-'}`)}`,
    )
    .join('\n');
  const settings = [
    plan.progressiveSyncs
      ? `# Progressive syncs are off by default (argocd-cmd-params-cm; docs: operator-manual/applicationset/Progressive-Syncs.md).
kubectl -n argocd patch configmap argocd-cmd-params-cm --type merge \\
  -p '{"data":{"applicationsetcontroller.enable.progressive.syncs":"true"}}'
kubectl -n argocd rollout restart deployment argocd-applicationset-controller`
      : '',
    plan.waveDelay !== runDefaults.waveDelaySeconds
      ? `# The sandbox's wave delay (Argo CD's default is 2 s).
kubectl -n argocd set env statefulset/argocd-application-controller ARGOCD_SYNC_WAVE_DELAY=${plan.waveDelay}`
      : '',
    plan.argocdCm
      ? `# The health customizations (Lua) the scenario puts in argocd-cm.
kubectl -n argocd patch configmap argocd-cm --type merge --patch-file "$here/argocd/argocd-cm.yaml"
kubectl -n argocd rollout restart statefulset argocd-application-controller`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  const apps = plan.applications.length > 0 ? plan.applications : plan.outcomes.map((o) => o.app);
  const compare = apps
    .map(
      (app) =>
        `printf '%s\\n' ${q(`  argocd app get ${q(app)} --show-operation     # or: kubectl -n argocd get application ${q(app)} -o yaml`)}
printf '%s\\n' ${q(`  argocd app history ${q(app)}`)}`,
    )
    .join('\n');
  const cluster = dnsLabel(`sandbox-${plan.name}`, 40);
  const exampleUrl = q(`https://github.com/you/${plan.name}.git`);
  return `#!/usr/bin/env bash
# shellcheck disable=SC2016,SC1003 # the scenario's texts are in single quotes on purpose: data, never expanded
# Replays the scenario ${q(plan.title)} (${q(plan.name)}) on a real cluster: a kind cluster, Argo CD
# \${ARGOCD_VERSION:-${argocdVersion}}, the scenario's Argo CD objects, and its revisions and actions at their
# moments. Written by the Argo CD Sync Sandbox's export; see README.md.
#
#   REPO_URL=${exampleUrl} ./run.sh
#
# REPO_URL must be the repository make-repo.sh made (./repo), which this script pushes to: each revision is
# force-pushed to main when the sandbox makes it current. Needs kind, kubectl and git. CLUSTER names the kind
# cluster (default ${q(cluster)}); KEEP_CLUSTER=1 reuses one that exists.
set -euo pipefail

here="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
: "\${REPO_URL:?set REPO_URL to the repository make-repo.sh made and you can push to}"
ARGOCD_VERSION="\${ARGOCD_VERSION:-${argocdVersion}}"
CLUSTER=\${CLUSTER:-${q(cluster)}}
repo="\${REPO:-$here/repo}"

for tool in kind kubectl git; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool is needed and not installed" >&2; exit 1; }
done
[ -d "$repo/.git" ] || { echo "run.sh: no repository at $repo: run make-repo.sh first" >&2; exit 1; }

# REPO_URL written into files through sed: escape what sed's replacement reads specially.
url_for_sed="$(printf '%s' "$REPO_URL" | sed -e 's/[\\\\|&]/\\\\&/g')"
with_repo_url() { sed -e "s|${repoUrlPlaceholder}|$url_for_sed|g" "$1"; }

if [ -z "\${KEEP_CLUSTER:-}" ] || ! kind get clusters | grep -qx "$CLUSTER"; then
  kind create cluster --name "$CLUSTER"
fi
kubectl config use-context "kind-$CLUSTER"
kubectl create namespace argocd --dry-run=client -o yaml | kubectl apply -f -
kubectl apply -n argocd --server-side --force-conflicts \\
  -f "https://raw.githubusercontent.com/argoproj/argo-cd/$ARGOCD_VERSION/manifests/install.yaml"
${settings}
kubectl -n argocd rollout status statefulset argocd-application-controller --timeout=10m
kubectl -n argocd rollout status deployment argocd-repo-server --timeout=10m
kubectl -n argocd rollout status deployment argocd-applicationset-controller --timeout=10m
# push_revision TAG: that revision becomes main (a commit the Applications see at their next refresh).
current=""
push_revision() {
  git -C "$repo" push -q --force origin "refs/tags/$1^{commit}:refs/heads/main"
  current="$(git -C "$repo" rev-parse "refs/tags/$1^{commit}")"
  echo "  main is now $1 ($current)"
}

# sync_app APP PRUNE: argocd app sync APP [--prune], written as the Application's operation, on the commit main
# was last pushed to (named, so that a cache of the branch in the repo server cannot make it sync an older one).
sync_app() {
  wait_for_app "$1"
  kubectl -n argocd patch application "$1" --type merge -p \\
    "{\\"operation\\":{\\"initiatedBy\\":{\\"username\\":\\"run.sh\\"},\\"sync\\":{\\"revision\\":\\"$current\\",\\"prune\\":$2}}}"
}

wait_for_app() {
  local i
  for ((i = 0; i < 300; i++)); do
    kubectl -n argocd get application "$1" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "run.sh: no Application $1 after 300 s" >&2
  return 1
}

# wait_operation APP: until its operation on the current commit has ended (at most 15 minutes).
wait_operation() {
  local phase revision i
  for ((i = 0; i < 900; i++)); do
    phase="$(kubectl -n argocd get application "$1" -o jsonpath='{.status.operationState.phase}')"
    revision="$(kubectl -n argocd get application "$1" -o jsonpath='{.status.operationState.syncResult.revision}')"
    if [ "$revision" = "$current" ] && [[ "$phase" =~ ^(Succeeded|Failed|Error)$ ]]; then
      echo "  $1: $phase"
      return 0
    fi
    sleep 1
  done
  echo "run.sh: the operation of $1 on $current did not end in 15 minutes" >&2
  return 1
}

refresh_app() { kubectl -n argocd annotate application "$1" --overwrite argocd.argoproj.io/refresh=normal; }
terminate_app() {
  kubectl -n argocd patch application "$1" --type merge -p '{"status":{"operationState":{"phase":"Terminating"}}}'
}

# at SECONDS: wait until that many seconds after t 0.
at() {
  local now
  now="$(date +%s)"
  if ((now < t0 + $1)); then sleep $((t0 + $1 - now)); fi
  echo "t $1 s"
}

${history}
push_revision ${q(start.tag)}
with_repo_url "$here/argocd/applications.yaml" | kubectl apply -n argocd -f -
t0="$(date +%s)"
echo "t 0: the scenario starts"
${atStart}
${actions}
${
  plan.until !== undefined
    ? `at ${plan.until}   # where the sandbox's run ends`
    : plan.syncAtStart.map((app) => `wait_operation ${q(app)} || true`).join('\n')
}

echo
printf '%s\\n' ${q(`The sandbox showed, at the end of its run${plan.until !== undefined ? ` (t ${plan.until} s)` : ''}:`)}
${outcomes}
echo "Compare (argocd login --core, with kubectl's namespace set to argocd: kubectl config set-context --current --namespace argocd):"
echo "  kubectl -n argocd get applications -w"
${compare}
echo "Delete the cluster when done: kind delete cluster --name $CLUSTER"
`.replace(/\n{3,}/g, '\n\n');
}

function actionLine(plan: ExportPlan, a: ExportAction): string {
  const q = shellQuote;
  switch (a.type) {
    case 'commit':
      return `push_revision ${q(plan.revisions[a.revision].tag)}`;
    case 'sync':
      return `sync_app ${q(a.app)} ${a.prune}`;
    case 'sync-project':
      return a.projects
        .map(
          (p) =>
            `for app in $(kubectl -n argocd get applications -o ${q(`jsonpath={range .items[?(@.spec.project==${JSON.stringify(p)})]}{.metadata.name}{" "}{end}`)}); do sync_app "$app" false; done`,
        )
        .join('\n');
    case 'refresh':
      return `refresh_app ${q(a.app)}`;
    case 'terminate':
      return `terminate_app ${q(a.app)}`;
    case 'rollback':
      return `argocd app rollback ${q(a.app)} ${q(String(a.id))} --core   # needs the argocd CLI`;
    case 'kubectl-apply':
      return `kubectl apply -f "$here"/${q(a.file)}`;
    case 'kubectl-delete':
      return `kubectl delete ${q(a.kind)} ${q(a.name)}${a.namespace ? ` -n ${q(a.namespace)}` : ''}`;
    case 'intervention':
      return interventionLine(plan, a);
  }
}

/**
 * A command typed in the sandbox, as the real tools take it: a git commit pushes the revision it made current,
 * kubectl runs in the namespace the sandbox's terminal used when the command names none, and argocd talks to the
 * cluster directly (`--core`, as the script's other argocd commands). The command is split into words as the
 * sandbox's terminal split it and each word quoted again, so no text of a scenario runs as shell.
 */
function interventionLine(plan: ExportPlan, a: Extract<ExportAction, { type: 'intervention' }>): string {
  if (a.revision !== undefined) return `push_revision ${shellQuote(plan.revisions[a.revision].tag)}`;
  const words = commandWords(a.command);
  if ('error' in words) return `# not replayed: ${shellQuote(words.error)}: ${shellQuote(a.command)}`;
  // The sandbox has no editor, so its `kubectl edit` takes the change as `-p PATCH`; a real kubectl patches it.
  if (words[0] === 'kubectl' && words[1] === 'edit') words[1] = 'patch';
  const line = words.map(shellQuote).join(' ');
  if (words[0] === 'kubectl' && !words.some((w) => /^(-n|--namespace)(=|$)/.test(w)) && a.namespace)
    return `${line} -n ${shellQuote(a.namespace)}`;
  if (words[0] === 'argocd') return `${line} --core   # needs the argocd CLI`;
  return line;
}
