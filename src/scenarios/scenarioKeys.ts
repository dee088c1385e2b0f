import { isMap, isScalar, type Node as YamlNode } from 'yaml';
import { closestKind } from './closestKind';

/**
 * The settings each mapping of a scenario file may hold (scenario.ts and platformScenario.ts read them). A key
 * outside these lists would be read by nothing, so a misspelt `expectt:` or `punchlin:` used to load silently
 * with its block ignored; the project's rule is that nothing a user types or drops is accepted and ignored, so
 * `unknownKey` refuses it at its place in the file.
 */
export const scenarioKeys = {
  /** A single Application's scenario (`revisions:`). */
  single: [
    'title',
    'summary',
    'app',
    'options',
    'toggles',
    'fail',
    'story',
    'punchline',
    'revisions',
    'expect',
  ],
  /** A small control plane's scenario (`repo:`, platformScenario.ts). */
  platform: [
    'title',
    'summary',
    'options',
    'argocd',
    'argocdCm',
    'repo',
    'actions',
    'load',
    'progressiveSyncs',
    'toggles',
    'fail',
    'story',
    'punchline',
    'expect',
  ],
  app: ['name', 'namespace'],
  /** A platform scenario's run settings: prune and sync options belong to each Application's syncPolicy there. */
  platformOptions: ['waveDelay', 'seed', 'until'],
  options: ['waveDelay', 'prune', 'syncOptions', 'seed', 'until'],
  beat: ['title', 'text', 'at'],
  revision: ['name', 'manifests'],
  repo: ['revisions', 'manifestGenerationSeconds'],
  repoRevision: ['name', 'files'],
  /** A platform scenario's action (platformScenario.ts): its time, one verb, and the settings those verbs read. */
  action: [
    'at',
    'commit',
    'sync',
    'prune',
    'terminate',
    'refresh',
    'kubectl-apply',
    'kubectl-delete',
    'namespace',
    'do',
    'revision',
  ],
} as const satisfies Record<string, readonly string[]>;

/** A key no reader of the scenario reads: the sentence that refuses it, and the key's node for its place. */
export interface UnknownKey {
  message: string;
  node: YamlNode;
}

/**
 * The first key of `node` (a mapping) that is not in `known`, as one sentence naming where it is (`what`, like
 * "a scenario" or "story[2]") and the nearest known key when it is close (a case slip or up to two edits).
 * Undefined when every key is known or `node` is not a mapping (its own reader says what it must be).
 */
export function unknownKey(
  node: YamlNode | null | undefined,
  known: readonly string[],
  what: string,
): UnknownKey | undefined {
  if (!isMap(node)) return undefined;
  for (const pair of node.items) {
    const keyNode = pair.key as YamlNode;
    const key = isScalar(keyNode) ? String(keyNode.value) : JSON.stringify(keyNode?.toJSON?.() ?? null);
    if (known.includes(key)) continue;
    const near = closestKind(key, known);
    const hint = near !== undefined ? `did you mean ${near}? ` : '';
    return {
      message: `${JSON.stringify(key)} is not a field of ${what} (${hint}the fields are ${known.join(', ')})`,
      node: keyNode ?? node,
    };
  }
  return undefined;
}
