import { kinds } from '../cluster/kinds';
import type { KubeObject } from '../types';

/**
 * Failure injection, contract.md `--fail KIND/NAME` (also `KIND/NAMESPACE/NAME`): a Job's pods or a bare Pod
 * exit with code 1; the pods of a Deployment, StatefulSet, DaemonSet or ReplicaSet crash-loop (they exit 1
 * too, and their restartPolicy Always restarts them with back-off). KIND is case-insensitive and may be one
 * of kubectl's short names (`deploy`, `sts`, `ds`, `rs`, `po`, `cj`) or a plural.
 */
export interface FailureTarget {
  /** Lower-case kind: `job`, `deployment`, … */
  kind: string;
  namespace?: string;
  name: string;
}

/** kubectl's short names and plurals of every known kind (kinds.ts), to the lower-case kind. */
const aliases: Record<string, string> = Object.fromEntries(
  kinds.flatMap((k) => [...k.shortNames, k.plural].map((word) => [word, k.kind.toLowerCase()])),
);

/** Parse one `--fail` entry; undefined when it is not `kind/name` or `kind/namespace/name`. */
export function parseFailure(entry: string): FailureTarget | undefined {
  const parts = entry.trim().split('/');
  if (parts.some((p) => p === '') || (parts.length !== 2 && parts.length !== 3)) return undefined;
  // `deployment.apps/x` names the group too; the sandbox matches on the kind alone.
  const word = parts[0].toLowerCase().split('.')[0];
  const kind = aliases[word] ?? word;
  return parts.length === 2 ? { kind, name: parts[1] } : { kind, namespace: parts[1], name: parts[2] };
}

/** The first object of an owner chain (pod first) that a `--fail` entry names, if any. */
export function failedOwner(
  chain: readonly KubeObject[],
  failures: readonly string[],
): KubeObject | undefined {
  const targets = failures.map(parseFailure).filter((t): t is FailureTarget => t !== undefined);
  return chain.find((obj) =>
    targets.some(
      (t) =>
        t.kind === obj.kind.toLowerCase() &&
        t.name === obj.metadata.name &&
        (t.namespace === undefined || t.namespace === (obj.metadata.namespace ?? '')),
    ),
  );
}
