// Diffs the tests of an Argo CD checkout against test/conformance/upstream-tests.md, for a maintainer moving the
// sandbox to a new Argo CD version:
//
//   node test/conformance/upstreamNames.mjs ../argo-cd            # a work tree
//   node test/conformance/upstreamNames.mjs /path/to/argo-cd.git  # a bare clone (read with git show HEAD:…)
//
// It prints the upstream tests with no row in the index (to transcribe, or to list as not expressible) and the rows
// whose test is gone upstream (to remove or rename), and exits 1 when there are any. Only names are compared: a
// test whose body changed upstream keeps its row, so read Argo CD's diff of these files as well.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const checkout = process.argv[2];
if (!checkout) {
  process.stderr.write('usage: node test/conformance/upstreamNames.mjs <argo-cd checkout or bare clone>\n');
  process.exit(2);
}
const bare = !existsSync(join(checkout, 'gitops-engine')) && existsSync(join(checkout, 'HEAD'));
const show = (path) =>
  bare
    ? execFileSync('git', ['-C', checkout, 'show', `HEAD:${path}`], { encoding: 'utf8' })
    : readFileSync(join(checkout, path), 'utf8');

const goFiles = [
  'gitops-engine/pkg/sync/sync_phase_test.go',
  'gitops-engine/pkg/sync/hook/hook_test.go',
  'gitops-engine/pkg/sync/hook/delete_policy_test.go',
  'gitops-engine/pkg/sync/hook/helm/delete_policy_test.go',
  'gitops-engine/pkg/sync/hook/helm/hook_test.go',
  'gitops-engine/pkg/sync/hook/helm/type_test.go',
  'gitops-engine/pkg/sync/hook/helm/weight_test.go',
  'gitops-engine/pkg/sync/syncwaves/waves_test.go',
  'gitops-engine/pkg/sync/sync_tasks_test.go',
  'gitops-engine/pkg/sync/sync_context_test.go',
  'test/e2e/hook_test.go',
  'test/e2e/sync_waves_test.go',
  'test/e2e/sync_options_test.go',
  'test/e2e/app_management_test.go',
  'test/e2e/selective_sync_test.go',
  // The second table: controller, ApplicationSet and their e2e files.
  'applicationset/controllers/applicationset_controller_test.go',
  'applicationset/controllers/clustereventhandler_test.go',
  'applicationset/controllers/progressive_sync_dependencies_test.go',
  'applicationset/controllers/requeue_after_test.go',
  'applicationset/controllers/template/patch_test.go',
  'applicationset/controllers/template/template_test.go',
  'applicationset/generators/cluster_test.go',
  'applicationset/generators/duck_type_test.go',
  'applicationset/generators/generator_spec_processor_test.go',
  'applicationset/generators/git_test.go',
  'applicationset/generators/interface_test.go',
  'applicationset/generators/list_test.go',
  'applicationset/generators/matrix_test.go',
  'applicationset/generators/merge_test.go',
  'applicationset/generators/plugin_test.go',
  'applicationset/generators/pull_request_test.go',
  'applicationset/generators/scm_provider_test.go',
  'applicationset/generators/value_interpolation_test.go',
  'applicationset/metrics/metrics_test.go',
  'applicationset/progressivesync/phantom_livecheck_test.go',
  'applicationset/progressivesync/progressive_sync_test.go',
  'applicationset/progressivesync/specchanged_regression_test.go',
  'applicationset/progressivesync/validation_issues_test.go',
  'applicationset/services/github_metrics_test.go',
  'applicationset/services/internal/http/client_test.go',
  'applicationset/services/plugin/plugin_service_test.go',
  'applicationset/services/plugin/utils_test.go',
  'applicationset/services/pull_request/azure_devops_test.go',
  'applicationset/services/pull_request/bitbucket_cloud_test.go',
  'applicationset/services/pull_request/bitbucket_server_test.go',
  'applicationset/services/pull_request/errors_test.go',
  'applicationset/services/pull_request/gitea_test.go',
  'applicationset/services/pull_request/github_test.go',
  'applicationset/services/pull_request/gitlab_test.go',
  'applicationset/services/pull_request/utils_test.go',
  'applicationset/services/repo_service_test.go',
  'applicationset/services/scm_provider/aws_codecommit_test.go',
  'applicationset/services/scm_provider/azure_devops_test.go',
  'applicationset/services/scm_provider/bitbucket_cloud_test.go',
  'applicationset/services/scm_provider/bitbucket_server_test.go',
  'applicationset/services/scm_provider/gitea_test.go',
  'applicationset/services/scm_provider/github_test.go',
  'applicationset/services/scm_provider/gitlab_test.go',
  'applicationset/services/scm_provider/utils_test.go',
  'applicationset/services/util_test.go',
  'applicationset/utils/client_test.go',
  'applicationset/utils/comparison_agreement_test.go',
  'applicationset/utils/createOrUpdate_test.go',
  'applicationset/utils/kubernetes_test.go',
  'applicationset/utils/map_test.go',
  'applicationset/utils/typemeta_ignore_test.go',
  'applicationset/utils/utils_test.go',
  'applicationset/webhook/webhook_test.go',
  'controller/appcontroller_informer_test.go',
  'controller/appcontroller_test.go',
  'controller/clusterinfoupdater_test.go',
  'controller/health_test.go',
  'controller/hook_test.go',
  'controller/hydration_concurrency_test.go',
  'controller/hydrator_dependencies_test.go',
  'controller/sort_delete_test.go',
  'controller/state_test.go',
  'controller/sync_namespace_test.go',
  'controller/sync_test.go',
  'test/e2e/api_versions_test.go',
  'test/e2e/app_autosync_test.go',
  'test/e2e/app_deletion_test.go',
  'test/e2e/applicationset_git_generator_test.go',
  'test/e2e/applicationset_progressive_sync_test.go',
  'test/e2e/applicationset_test.go',
  'test/e2e/declarative_test.go',
  'test/e2e/diff_test.go',
  'util/argo/normalizers/diff_normalizer_test.go',
];
const healthGo = 'gitops-engine/pkg/health/health_test.go';
const luaTests = [
  'resource_customizations/argoproj.io/Rollout/health_test.yaml',
  'resource_customizations/policy/PodDisruptionBudget/health_test.yaml',
];

/** `file test` for every upstream test; health_test.go gives one per function and one per testdata file. */
const upstream = new Set();
for (const file of goFiles)
  for (const m of show(file).matchAll(/^func (Test\w+)\(/gm)) upstream.add(`${file} ${m[1]}`);
let fn = '';
for (const line of show(healthGo).split('\n')) {
  fn = /^func (Test\w+)\(/.exec(line)?.[1] ?? fn;
  const asserted = /(?:assertAppHealth|getHealthStatus)\(t, "([^"]+)"/.exec(line);
  if (asserted) {
    const base = asserted[1].split('/').at(-1);
    upstream.add(`${healthGo} ${fn} · ${base}${line.includes('Message') ? ' (message)' : ''}`);
  }
  if (/^func (Test\w+)\(/.test(line)) upstream.add(`${healthGo} ${fn}`);
}
for (const file of luaTests) for (const t of parse(show(file)).tests) upstream.add(`${file} ${t.inputPath}`);

/** The index's rows, `file test`, the way upstreamIndex.ts reads them. */
const indexed = new Set(
  readFileSync(new URL('./upstream-tests.md', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [file, test] = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      return `${file.replace(/`/g, '')} ${test}`;
    }),
);

// A health_test.go function is indexed through its testdata rows (or rows of its own, `Fn · …`).
const healthFunctionIndexed = (key) => [...indexed].some((row) => row === key || row.startsWith(`${key} · `));
const missing = [...upstream].filter((key) =>
  key.startsWith(`${healthGo} `) && !key.includes(' · ') ? !healthFunctionIndexed(key) : !indexed.has(key),
);
// Rows of the project's own (an inline case, a CLI-level check) name an upstream function that must still exist.
const gone = [...indexed].filter((row) => {
  if (upstream.has(row)) return false;
  const fnRow = /^(\S+) (Test\w+) · (.+)$/.exec(row);
  if (!fnRow) return true;
  const asTestdata = fnRow[3].endsWith('.yaml') || fnRow[3].endsWith('(message)');
  return asTestdata || !upstream.has(`${fnRow[1]} ${fnRow[2]}`);
});

for (const key of missing) process.stdout.write(`not in the index: ${key}\n`);
for (const key of gone) process.stdout.write(`gone upstream:    ${key}\n`);
process.stdout.write(
  `${upstream.size} upstream tests, ${indexed.size} rows: ${missing.length} to add, ${gone.length} to remove\n`,
);
process.exit(missing.length + gone.length > 0 ? 1 : 0);
