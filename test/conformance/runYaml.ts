import {
  runSingleApp,
  type KubeObject,
  type ResourceRow,
  type SimEvent,
  type SingleAppInput,
  type RunResult,
  type SyncResultRow,
} from '../../src/engine';
import { eventsOf } from '../kits/eventQueries.testKit';
import { parseManifests } from '../../src/scenarios/manifests';

/**
 * The conformance tests write each case as a small inline YAML app, the way Argo CD's e2e tests keep theirs in
 * `testdata/`, and run it through the whole simulation (engine, fake cluster, operation machine). `runYaml`
 * parses the manifests with the sandbox's own reader and returns the result with the questions the tests ask
 * of it: the operation, a result row, a managed resource, a live object, the app at some moment.
 */
export interface YamlRunOptions extends Omit<SingleAppInput, 'desired' | 'live' | 'history'> {
  /** Objects already in the cluster, managed by the app (contract `--live`). */
  live?: string;
  /** Earlier revisions synced one after the other before t = 0. */
  history?: string[];
}

export interface YamlRun {
  result: RunResult;
  events: SimEvent[];
  /** `status.operationState`; every case here starts an operation, so it is always there. */
  op: { phase: string; message: string; finishedAt?: string };
  sync: string;
  health: string;
  /** `syncResult.resources`, in result order. */
  rows: SyncResultRow[];
  /** The result row of `kind/name` (the first one when a hook has several phases). */
  row(kind: string, name: string): SyncResultRow | undefined;
  /** `kind/name status hookPhase` per result row: the shape of `argocd app get --show-operation`. */
  rowSummary(): string[];
  /** The managed resource `kind/name` of `status.resources`. */
  resource(kind: string, name: string): ResourceRow | undefined;
  /** The live object at the end of the simulation. */
  live(kind: string, name: string): KubeObject | undefined;
  /** The app's sync status and health at virtual second `t` (its last `app` event at or before `t`). */
  appAt(t: number): { sync: string; health: string };
  /** The virtual second the operation ended at (its last `operation` event). */
  endT(): number;
}

/** The objects of a YAML text, in order (src/scenarios/manifests.ts `parseManifests`). */
export function objects(yaml: string): KubeObject[] {
  return parseManifests(dedent(yaml), 'inline.yaml').map((p) => p.object);
}

export function runYaml(desired: string, options: YamlRunOptions = {}): YamlRun {
  const { live, history, ...rest } = options;
  const result = runSingleApp({
    ...rest,
    desired: objects(desired),
    ...(live !== undefined ? { live: objects(live) } : {}),
    ...(history !== undefined ? { history: history.map(objects) } : {}),
  });
  const status = result.application.status;
  const op = status.operationState!;
  const rows = op.syncResult?.resources ?? [];
  const events = result.events;
  return {
    result,
    events,
    op,
    sync: status.sync.status,
    health: status.health.status,
    rows,
    row: (kind, name) => rows.find((r) => r.kind === kind && r.name === name),
    rowSummary: () => rows.map((r) => `${r.kind}/${r.name} ${r.status} ${r.hookPhase}`),
    resource: (kind, name) => status.resources.find((r) => r.kind === kind && r.name === name),
    live: (kind, name) => result.live.find((o) => o.kind === kind && o.metadata.name === name),
    appAt(t) {
      const app = eventsOf(events, 'app')
        .filter((e) => e.t <= t)
        .at(-1);
      return { sync: app?.sync ?? '', health: app?.health ?? '' };
    },
    endT: () => eventsOf(events, 'operation').at(-1)?.t ?? NaN,
  };
}

/** Several manifests (each indented freely) as one multi-document YAML text. */
export function docs(...texts: string[]): string {
  return texts.map(dedent).join('\n---\n');
}

/** Strip the indentation common to every non-blank line, so manifests can be indented with the test code. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

/** A ConfigMap in a sync wave: the smallest resource, with no health check, so its wave passes once applied. */
export const configMap = (name: string, wave = 0, value = 'v') => `
  apiVersion: v1
  kind: ConfigMap
  metadata: {name: ${name}, annotations: {argocd.argoproj.io/sync-wave: "${wave}"}}
  data: {key: ${value}}`;
