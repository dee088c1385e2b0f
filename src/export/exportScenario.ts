import type { Scenario } from '../scenarios/scenario';
import { exportReadme } from './exportReadme';
import { planExport, yamlDocuments, type ExportPlan } from './exportPlan';
import { makeRepoScript } from './makeRepoScript';
import { runScript } from './runScript';

/** One file of an export, its path relative to the export's folder. */
export interface ExportedFile {
  path: string;
  text: string;
  /** A script, written with mode 755. */
  executable: boolean;
}

/** An export: a folder named after the scenario (its id as a DNS label), and its files. */
export interface ExportedFolder {
  name: string;
  files: ExportedFile[];
  plan: ExportPlan;
}

/**
 * A scenario as a folder ready to push to a Git repository and run on a real cluster ("run it for
 * real"): every revision's files, the Argo CD objects, the argocd-cm data, make-repo.sh, run.sh and a README.
 * Pure: the CLI writes the files to disk, the page zips them.
 */
export function exportScenario(scenario: Scenario): ExportedFolder {
  const plan = planExport(scenario);
  const file = (path: string, text: string, executable = false): ExportedFile => ({ path, text, executable });
  const files: ExportedFile[] = [
    file('README.md', exportReadme(plan)),
    file('make-repo.sh', makeRepoScript(plan), true),
    file('run.sh', runScript(plan), true),
    file('argocd/applications.yaml', plan.argocdYaml),
    ...(plan.argocdCm ? [file('argocd/argocd-cm.yaml', argocdCmYaml(plan.argocdCm))] : []),
    ...Object.entries(plan.actionFiles).map(([path, text]) => file(path, text)),
    ...plan.revisions.flatMap((r) =>
      Object.entries(r.files).map(([path, text]) => file(`revisions/${r.dir}/${path}`, text)),
    ),
  ];
  return { name: plan.name, files, plan };
}

/**
 * The argocd-cm ConfigMap with the scenario's data: what `sim run --argocd-cm` reads, and a merge patch for the
 * cluster's own argocd-cm (`kubectl patch --type merge --patch-file`), whose other keys it leaves alone.
 */
function argocdCmYaml(data: Record<string, string>): string {
  return yamlDocuments([
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'argocd-cm',
        namespace: 'argocd',
        labels: { 'app.kubernetes.io/name': 'argocd-cm', 'app.kubernetes.io/part-of': 'argocd' },
      },
      data,
    },
  ]);
}
