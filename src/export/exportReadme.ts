import { runDefaults } from '../engine';
import { argocdRulesCommit, argocdVersion } from './argocdVersion';
import type { ExportPlan } from './exportPlan';
import { oneLine } from './makeRepoScript';
import { replayArgs } from './replayCommand';
import { dnsLabel } from './dnsLabel';
import { shellQuote } from './shellQuote';

/** The README.md of an export: what is in the folder, how to run it for real, and what will differ. */
export function exportReadme(plan: ExportPlan): string {
  const when = (i: number) =>
    plan.history.includes(i)
      ? 'before t 0 (synced and awaited)'
      : i === plan.start
        ? 't 0'
        : plan.actions
            .filter((a) => a.type === 'commit' && a.revision === i)
            .map((a) => `t ${a.at} s`)
            .join(', ') || 'not made current by the scenario';
  const revisions = plan.revisions
    .map((r, i) => `| \`${r.tag}\` | ${oneLine(r.message)} | \`revisions/${r.dir}/\` | ${when(i)} |`)
    .join('\n');
  // Text of the scenario on one line in a table or in prose: a newline in it could open a code block of its own.
  const outcomes = plan.outcomes
    .map((o) =>
      [o.app, o.operationPhase ?? '–', o.syncStatus ?? '–', o.health ?? '–'].map(oneLine).join(' | '),
    )
    .map((row) => `| ${row} |`)
    .join('\n');
  const replay = ['npm', 'run', '--silent', 'sim', '--', ...replayArgs(plan, '$EXPORT')]
    .map(withExportVariable)
    .join(' ');
  const differences = [
    plan.sandboxAnnotations.length > 0
      ? `- The manifests carry the sandbox's own annotations (${plan.sandboxAnnotations.map((a) => `\`${a}\``).join(', ')}), which tell the simulator what a container does (how long it starts, whether it gets ready, its exit code). A cluster ignores them: the images do what they really do, so an outcome that rests on them (a migration made to fail by \`exit-code\`, a pod that never gets ready) may differ.`
      : '',
    plan.fail.length > 0
      ? `- The sandbox makes ${plan.fail.map((f) => `\`${oneLine(f)}\``).join(', ')} fail (the scenario's \`fail\` list); a cluster runs it as its image does.`
      : '',
    plan.load.length > 0
      ? `- The sandbox scripts the load of the HorizontalPodAutoscaler ${plan.load.map((h) => `\`${oneLine(h)}\``).join(', ')} (the scenario's \`load:\`), as the replicas its metrics would ask for. A cluster's autoscaler needs a metrics server and real traffic (a fresh kind cluster has neither), so without them it never scales and what the scenario shows does not happen: install metrics-server and load the pods, or scale the Deployment by hand (\`kubectl scale\`) to play the autoscaler's part.`
      : '',
    "- Times are the sandbox's virtual seconds; a real cluster pulls images and schedules pods at its own pace, so the moments differ while the order of phases, waves and hooks, and the final statuses, are what to compare.",
    plan.createsNamespace
      ? `- The Application has \`CreateNamespace=true\`: the sandbox's cluster already holds the namespace \`${plan.createsNamespace}\`, a fresh one does not, so Argo CD creates it at the start of the sync (a Namespace row in the result the sandbox does not show).`
      : '',
    plan.history.length > 0
      ? "- The sandbox synced the earlier revisions an hour before t 0; run.sh syncs each and waits for it to end before the scenario's own sync."
      : '',
    "- Every `repoURL` of the scenario points at this one repository (the sandbox reads one repository whatever a source names); an AppProject's `sourceRepos` allows it.",
  ]
    .filter(Boolean)
    .join('\n');
  return `# ${oneLine(plan.title)}

Exported from the Argo CD Sync Sandbox's scenario \`${oneLine(plan.id)}\`, to run on a real cluster.

${oneLine(plan.summary)}

## What is here

| path | what it is |
| --- | --- |
| \`revisions/\` | the repository's content at each revision, one folder each, in commit order |
| \`argocd/applications.yaml\` | the Argo CD objects (Applications, AppProjects, ApplicationSets) applied in \`argocd\`; \`${'__REPO_URL__'}\` stands for your repository |
${plan.argocdCm ? "| `argocd/argocd-cm.yaml` | the argocd-cm data the scenario adds (its health Lua), merged into Argo CD's own |\n" : ''}${Object.keys(plan.actionFiles).length > 0 ? "| `actions/` | the objects of the scenario's `kubectl apply` actions |\n" : ''}| \`make-repo.sh\` | makes \`repo/\`: one commit per revision, tagged |
| \`run.sh\` | a kind cluster, Argo CD, the objects, then each revision and action at its moment |

| tag | commit message | folder | made current |
| --- | --- | --- | --- |
${revisions}

## Run it for real

Needs Docker, [kind](https://kind.sigs.k8s.io/), kubectl and git, and an empty Git repository you can push to
that the cluster can read (a public one, or add its credentials to Argo CD).

\`\`\`sh
export REPO_URL=${shellQuote(`https://github.com/you/${plan.name}.git`)}
./make-repo.sh                       # repo/: one commit per revision, tags r1, r2, …
./run.sh                             # kind cluster ${shellQuote(dnsLabel(`sandbox-${plan.name}`, 40))}, Argo CD, the scenario at its moments
\`\`\`

run.sh installs Argo CD ${argocdVersion} (\`ARGOCD_VERSION=… ./run.sh\` for another): the sandbox follows Argo CD's
rules as read at argo-cd commit \`${argocdRulesCommit}\` (3.6 in development); ${argocdVersion} is the release before it.
${plan.progressiveSyncs ? 'It turns progressive syncs on (`applicationsetcontroller.enable.progressive.syncs`), as the scenario does.\n' : ''}${plan.waveDelay !== runDefaults.waveDelaySeconds ? `It sets the wave delay to ${plan.waveDelay} s (\`ARGOCD_SYNC_WAVE_DELAY\`).\n` : ''}It pushes each revision to \`main\` of REPO_URL when the scenario makes it current (force-pushing the tag's commit),
starts the syncs the scenario starts (as the Application's \`operation\`, what \`argocd app sync\` writes), and at the
end prints the commands to compare with the sandbox:
\`argocd app get NAME --show-operation\` (after \`argocd login --core\`) and \`kubectl -n argocd get applications\`.

## What the sandbox showed

| Application | operation | sync | health |
| --- | --- | --- | --- |
${outcomes}

Replay this folder in the sandbox's own reader, from a checkout of the sandbox, with \`EXPORT\` set to this folder:

\`\`\`sh
${replay}
\`\`\`

## What will differ

${differences}
`;
}

/**
 * A word of the replay command: `$EXPORT` in it as `"$EXPORT"`, so the shell expands that variable, and every
 * other part through shellQuote, so nothing else of it runs (a scenario's text is in the `--then` actions).
 */
function withExportVariable(word: string): string {
  if (!word.includes('$EXPORT')) return shellQuote(word);
  return word
    .split('$EXPORT')
    .map((part) => (part === '' ? '' : shellQuote(part)))
    .join('"$EXPORT"');
}
