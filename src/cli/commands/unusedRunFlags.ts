import { ArgumentError } from '../argumentError';
import type { RunOptions } from './runOptions';

/**
 * The kinds of run `sim run` makes (contract.md §1.1, §1.4): manifest files as one Application, a scenario file of
 * one Application, a scenario file of several Applications, and `--repo`.
 */
export type RunKind = 'manifests' | 'scenario' | 'platform' | 'repo';

/** A flag that only some kinds of run read, whether it was given, and the sentence that says where it belongs. */
interface KindFlag {
  flag: string;
  given: (options: RunOptions) => boolean;
  readBy: readonly RunKind[];
  why: string;
}

// Every flag below was once parsed and then dropped by the runs that do not read it, so
// `sim run scenario.yaml --live x.yaml` printed a run that had never seen x.yaml. Nothing typed is accepted and
// ignored: a flag a run does not read is refused, naming the runs that read it.
const kindFlags: readonly KindFlag[] = [
  {
    flag: '--live',
    given: (o) => o.live !== undefined,
    readBy: ['manifests'],
    why: "a scenario's cluster holds what its earlier revisions applied, and --repo starts from an empty cluster",
  },
  {
    flag: '--retry-limit',
    given: (o) => o.retryLimit !== undefined,
    readBy: ['manifests'],
    why: "a scenario file sets no retry, and with several Applications each one's syncPolicy.retry applies",
  },
  {
    flag: '--terminate-at',
    given: (o) => o.terminateAt !== undefined,
    readBy: ['manifests', 'scenario'],
    why: 'with several Applications, terminate one with `--then SECONDS:argocd app terminate-op APP`',
  },
  {
    flag: '--prune',
    given: (o) => o.prune,
    readBy: ['manifests', 'scenario'],
    why: "with several Applications, each Application's syncPolicy says whether it prunes",
  },
  {
    flag: '--sync-option',
    given: (o) => o.syncOptions.length > 0,
    readBy: ['manifests', 'scenario'],
    why: "with several Applications, each Application's syncPolicy.syncOptions apply",
  },
  {
    flag: '--namespace',
    given: (o) => o.namespace !== undefined,
    readBy: ['manifests', 'scenario'],
    why: "with several Applications, each Application's destination names its namespace",
  },
  {
    flag: '--app',
    given: (o) => o.app !== undefined,
    readBy: ['manifests', 'scenario'],
    why: 'with several Applications, each keeps the name its manifest gives it',
  },
  {
    flag: '--toggle',
    given: (o) => o.toggles.length > 0,
    readBy: ['scenario', 'platform'],
    why: "toggles are a scenario file's own, and manifest files and --repo have none",
  },
  {
    flag: '--progressive-syncs',
    given: (o) => o.progressiveSyncs,
    readBy: ['platform', 'repo'],
    why: 'Progressive Syncs order the Applications of an ApplicationSet, and one Application has none',
  },
];

/** Refuse the first flag given that this kind of run does not read, in one sentence naming where it belongs. */
export function refuseUnusedRunFlags(options: RunOptions, kind: RunKind): void {
  for (const f of kindFlags) {
    if (!f.given(options) || f.readBy.includes(kind)) continue;
    throw new ArgumentError(`is not read by ${kindName[kind]}: ${f.why}`, f.flag);
  }
}

const kindName: Record<RunKind, string> = {
  manifests: 'a run of manifest files',
  scenario: 'a scenario file of one Application',
  platform: 'a scenario file of several Applications',
  repo: 'a run of --repo',
};
