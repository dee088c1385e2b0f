import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { InputError, limits, runDefaults, type SourcePosition } from '../engine';
import { parseManifests, type ParsedObject } from './manifests';
import { readExpectation, type ScenarioExpectation } from './readExpectation';
import { readBeatAt, type StoryBeat } from './storyBeat';
import { readPunchline, type Punchline } from './readPunchline';
import { readToggles } from './readToggles';
import { scenarioKeys, unknownKey } from './scenarioKeys';
import { namespaceProblem, objectNameProblem } from './validateNames';
import {
  looksLikePlatformScenario,
  parsePlatform,
  parsePlatformToggles,
  type PlatformSpec,
  type PlatformToggle,
} from './platformScenario';

/**
 * A scenario file (scenarios/*.yaml): a story told with real manifests.
 *
 * ```yaml
 * title: …                  # shown in the picker
 * summary: …                # a paragraph under the title
 * app: { name, namespace }  # the Application and its destination namespace
 * options: { waveDelay: 2, prune: false, syncOptions: [CreateNamespace=true], seed: 1 }
 *                           # until: 120 ends a story whose operation never ends (like `sim run --until`)
 * toggles:                  # failure switches the page offers (contract `--fail` values)
 *   - { id: migration, label: Make the migration fail, fail: job/database-migration }
 * fail: []                  # workloads that fail by default
 * story:                    # the beats a presenter walks through, each from its `at:` on
 *   - { title: Before, text: …, at: 0 }                      # virtual seconds
 *   - { title: PreSync, text: …, at: { step: PreSync } }     # or an event of the run (src/scenarios/storyBeat.ts):
 *   - { title: Wave 2, text: …, at: { step: Sync, wave: 2 } }  # the first start of a phase (and wave)
 *   - { title: Hook, text: …, at: { hook: checkout-migrate, phase: Failed } }  # a hook created, or its phase
 *   - { title: Down, text: …, at: { health: Degraded, of: Deployment/backend } } # app (or resource) health
 *   - { title: End, text: …, at: { operation: Failed, after: 2 } }  # the operation's phase; after: adds seconds
 * punchline:               # the moment the scenario is about, where a `punchline=1` link opens (readPunchline.ts)
 *   at: { operation: Failed } # seconds, or any form a story beat's `at:` takes
 *   caption: The sync Failed while the app is Healthy: …
 * revisions:                # Git history: every revision but the last was synced before the story starts
 *   - { name: "6.7.1", manifests: | …multi-document YAML… }
 *   - { name: "6.7.0", manifests: | … }
 * expect:                   # what must be true at the end (checked by test/scenarios.test.ts)
 *   operationPhase: Failed
 *   operationMessage: …     # exact
 *   syncStatus: OutOfSync
 *   health: Healthy
 *   images: { Deployment/checkout: ghcr.io/stefanprodan/podinfo:6.7.1 }
 *   logs: { Job/checkout-sync-failed: checkout-migrate }   # a substring of that Job's pod logs
 *   exists: [Job/checkout-migrate]                        # objects in the cluster at the end
 *   gone: [Job/database-migration]                        # objects not in the cluster at the end
 * ```
 *
 * A scenario with `repo:` instead of `revisions:` runs several Applications in a small Argo CD control plane;
 * its format is described in platformScenario.ts.
 */
export interface Scenario {
  id: string;
  file: string;
  title: string;
  summary: string;
  app: { name: string; namespace: string };
  options: { waveDelay: number; prune: boolean; syncOptions: string[]; seed: number; until?: number };
  toggles: { id: string; label: string; fail: string }[];
  fail: string[];
  story: StoryBeat[];
  /** Where sync and health diverge or the run waits, with one caption (issue 30); every shipped one has it. */
  punchline?: Punchline;
  revisions: ScenarioRevision[];
  expect: ScenarioExpectation;
  /** `file:line:column: …` problems Argo CD tolerates in the manifests (a duplicate key: the last value wins). */
  warnings: string[];
  /** Set for a platform scenario (`repo:`): the repository, the Argo CD objects and the actions. */
  platform?: PlatformSpec;
  /**
   * Every toggle, all kinds (those with `fail` are also in `toggles`): a platform scenario's, or a single
   * Application's when one of them changes annotations (`annotate:`).
   */
  platformToggles?: PlatformToggle[];
}

export interface ScenarioRevision {
  name: string;
  manifests: string;
  /** The manifests' objects, with positions in the scenario file. */
  objects: ParsedObject[];
  /** The file line of the first manifest line, and the indentation stripped from it, to map errors back. */
  line: number;
  indent: number;
}

export type { ScenarioExpectation };

/** Whether a parsed YAML file looks like a scenario rather than plain manifests. */
export function looksLikeScenario(text: string): boolean {
  return (/^revisions\s*:/m.test(text) || looksLikePlatformScenario(text)) && !/^kind\s*:/m.test(text);
}

/** Parse and check a scenario file; any problem throws an InputError naming the file, line and column. */
export function parseScenario(text: string, file: string): Scenario {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (node: YamlNode | null | undefined) => {
    const offset = node?.range?.[0] ?? 0;
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  const fail = (message: string, node?: YamlNode | null): never => {
    const { line, column } = at(node);
    throw new InputError(message, { file, line, column });
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const pos = lineCounter.linePos(error.pos[0]);
    throw new InputError(error.message.split('\n')[0], { file, line: pos.line, column: pos.col });
  }
  const root = doc.contents;
  if (!isMap(root)) return fail('a scenario is a mapping with title, app, revisions …', root);
  const field = (name: string) => root.get(name, true) as YamlNode | undefined;
  const str = (node: YamlNode | undefined, name: string, fallback?: string): string => {
    if (node === undefined && fallback !== undefined) return fallback;
    if (!isScalar(node) || typeof node.value !== 'string')
      return fail(`${name} must be a string`, node ?? root);
    return node.value;
  };
  let data: Record<string, unknown>;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  } catch (error) {
    return fail(`cannot read the scenario: ${error instanceof Error ? error.message : String(error)}`, root);
  }

  // Every mapping's keys are checked before anything is read: a misspelt `expectt:` would otherwise be ignored.
  checkKeys(root, looksLikePlatformScenario(text), fail);

  const appNode = field('app');
  if (appNode !== undefined && !isMap(appNode))
    fail('app must be a mapping with name and namespace', appNode);
  const appData = (data.app ?? {}) as Record<string, unknown>;
  const nodeIn = (parent: string, name: string): YamlNode | undefined => {
    const node = field(parent);
    return (isMap(node) ? (node.get(name, true) as YamlNode | undefined) : undefined) ?? node;
  };
  // The API server's rules for the Application's name and its destination namespace (validateNames.ts).
  for (const [name, problemOf] of [
    ['name', (v: string) => objectNameProblem('Application', v)],
    ['namespace', namespaceProblem],
  ] as const) {
    const value = appData[name];
    const problem = typeof value === 'string' ? problemOf(value) : undefined;
    if (problem)
      fail(`app.${name}: Invalid value: ${JSON.stringify(value)}: ${problem}`, nodeIn('app', name));
  }
  const optionsData = (data.options ?? {}) as Record<string, unknown>;
  // The same bounds as `sim run --wave-delay`, `--until` and `--seed` (README "Limits"): a wave delay of 1e15 s
  // or an hour-long run past one day would keep the engine busy for nothing, and a seed must be a 32-bit word.
  const maxSeconds = limits.maxVirtualSeconds;
  const waveDelay = optionsData.waveDelay ?? runDefaults.waveDelaySeconds;
  if (typeof waveDelay !== 'number' || !(waveDelay >= 0 && waveDelay <= maxSeconds))
    fail(
      `options.waveDelay must be a number of seconds from 0 to ${maxSeconds}`,
      nodeIn('options', 'waveDelay'),
    );
  // A stuck operation never ends, so without a limit its story would stretch over the default hour.
  const until = optionsData.until;
  if (until !== undefined && (typeof until !== 'number' || !(until > 0 && until <= maxSeconds)))
    fail(`options.until must be a number of seconds > 0, at most ${maxSeconds}`, nodeIn('options', 'until'));
  const seed = optionsData.seed ?? runDefaults.seed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2 ** 32 - 1)
    fail(`options.seed must be a whole number from 0 to ${2 ** 32 - 1}`, nodeIn('options', 'seed'));

  const warnings: string[] = [];
  const storyNode = field('story');
  // Story beats, with their `at:` read and checked at their place in the file (storyBeat.ts).
  const readStory = (): StoryBeat[] =>
    ((data.story ?? []) as unknown[]).map((s, i): StoryBeat => {
      const beat = s as Record<string, unknown>;
      const at = readBeatAt(beat?.at);
      if (at !== undefined && typeof at === 'object' && 'error' in at) {
        const item = isSeq(storyNode) ? (storyNode.items[i] as YamlNode) : undefined;
        const atNode = isMap(item) ? (item.get('at', true) as YamlNode | undefined) : undefined;
        fail(`story[${i}].${at.error}`, atNode ?? item ?? storyNode);
      }
      return {
        title: String(beat?.title ?? ''),
        text: String(beat?.text ?? ''),
        ...(at !== undefined ? { at: at as StoryBeat['at'] } : {}),
      };
    });
  // The punchline, checked at its place in the file (readPunchline.ts).
  const punchline = readPunchline(data.punchline);
  if (punchline !== undefined && 'error' in punchline) {
    const node = field('punchline');
    const keyNode =
      isMap(node) && punchline.key ? (node.get(punchline.key, true) as YamlNode | undefined) : undefined;
    fail(punchline.error, keyNode ?? node);
  }
  const punchlineField = punchline !== undefined ? { punchline: punchline as Punchline } : {};
  const listOfStrings = (value: unknown, name: string): string[] => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
      fail(`${name} must be a list of strings`, field(name));
    return value as string[];
  };
  if (looksLikePlatformScenario(text)) {
    const manifests = (block: string, node: YamlNode) =>
      readRevision(block, file, blockPosition(text, lineCounter, node), warnings);
    const { expect, apps } = readExpectation(field('expect'), true, fail);
    const platform = {
      ...parsePlatform({ file, text, lineCounter, root, data, fail, manifests }),
      expectApps: apps,
    };
    const platformToggles = parsePlatformToggles(data.toggles, (m) => fail(m, field('toggles')));
    const failList = listOfStrings(data.fail, 'fail');
    for (const toggle of platformToggles)
      if (toggle.repair !== undefined && !failList.includes(toggle.repair))
        fail(`toggles: ${toggle.id} repairs "${toggle.repair}", which is not in fail:`, field('toggles'));
    const firstApp = platform.argocd.find((p) => p.object.kind === 'Application')?.object;
    const argocdNode = field('argocd')!;
    const where = blockPosition(text, lineCounter, argocdNode);
    return {
      id: file.replace(/^.*\//, '').replace(/\.ya?ml$/, ''),
      file,
      title: str(field('title'), 'title'),
      summary: str(field('summary'), 'summary', ''),
      app: {
        name: firstApp?.metadata.name ?? 'app',
        namespace: firstApp?.spec?.destination?.namespace ?? 'argocd',
      },
      options: {
        waveDelay: waveDelay as number,
        prune: false,
        syncOptions: [],
        seed: seed as number,
        ...(until !== undefined ? { until: until as number } : {}),
      },
      toggles: platformToggles.filter((t): t is PlatformToggle & { fail: string } => t.fail !== undefined),
      platformToggles,
      fail: listOfStrings(data.fail, 'fail'),
      story: readStory(),
      ...punchlineField,
      // The Argo CD objects, as the one revision the editor shows.
      revisions: [{ name: 'argocd', manifests: String(data.argocd), objects: platform.argocd, ...where }],
      expect,
      platform,
      warnings,
    };
  }

  const revisionsNode = field('revisions');
  if (!isSeq(revisionsNode) || revisionsNode.items.length === 0) {
    return fail('revisions must be a list with at least one revision', revisionsNode ?? root);
  }
  const revisions = revisionsNode.items.map((item, i) => {
    if (!isMap(item))
      return fail(`revisions[${i}] must be a mapping with name and manifests`, item as YamlNode);
    const manifestsNode = item.get('manifests', true) as YamlNode | undefined;
    const manifests = str(manifestsNode, `revisions[${i}].manifests`);
    const where = blockPosition(text, lineCounter, manifestsNode!);
    return {
      name: str(item.get('name', true) as YamlNode | undefined, `revisions[${i}].name`, `revision ${i + 1}`),
      manifests,
      objects: readRevision(manifests, file, where, warnings),
      ...where,
    };
  });

  // A toggle makes a workload fail (`fail: job/name`) or changes annotations of the synced revision
  // (`annotate:`, toggleAnnotations.ts); the failure toggles are also `toggles`, as before, for the page's switches.
  const synced = revisions[revisions.length - 1].objects;
  const allToggles = readToggles(data.toggles, synced, (m) => fail(m, field('toggles')));
  const toggles = allToggles.filter((t): t is PlatformToggle & { fail: string } => t.fail !== undefined);
  const manifestToggles = allToggles.some((t) => t.annotate !== undefined);
  const story = readStory();
  const { expect } = readExpectation(field('expect'), false, fail);

  return {
    id: file.replace(/^.*\//, '').replace(/\.ya?ml$/, ''),
    file,
    title: str(field('title'), 'title'),
    summary: str(field('summary'), 'summary', ''),
    app: {
      name: typeof appData.name === 'string' ? appData.name : 'app',
      namespace: typeof appData.namespace === 'string' ? appData.namespace : 'default',
    },
    options: {
      waveDelay: waveDelay as number,
      prune: optionsData.prune === true,
      syncOptions: listOfStrings(optionsData.syncOptions, 'options.syncOptions'),
      seed: seed as number,
      ...(until !== undefined ? { until: until as number } : {}),
    },
    toggles,
    // The page lists `platformToggles` when set: every switch, failures and annotation changes alike.
    ...(manifestToggles ? { platformToggles: allToggles } : {}),
    fail: listOfStrings(data.fail, 'fail'),
    story,
    ...punchlineField,
    revisions,
    expect,
    warnings,
  };
}

/**
 * Refuse a key no reader reads, in the scenario's top level and in the blocks whose keys are not checked by their
 * own reader (expect, punchline, toggles and a beat's `at:` are: readExpectation.ts, readPunchline.ts, storyBeat.ts).
 */
function checkKeys(
  root: YamlNode & { get(key: string, keep: true): unknown },
  platform: boolean,
  fail: (message: string, node?: YamlNode | null) => never,
): void {
  const get = (node: unknown, key: string) =>
    isMap(node) ? (node.get(key, true) as YamlNode | undefined) : undefined;
  const items = (node: unknown) => (isSeq(node) ? (node.items as YamlNode[]) : []);
  const checks: [YamlNode | null | undefined, readonly string[], string][] = [
    [root, platform ? scenarioKeys.platform : scenarioKeys.single, 'a scenario'],
    [get(root, 'options'), platform ? scenarioKeys.platformOptions : scenarioKeys.options, 'options'],
    ...items(get(root, 'story')).map((beat, i): [YamlNode, readonly string[], string] => [
      beat,
      scenarioKeys.beat,
      `story[${i}]`,
    ]),
  ];
  if (platform) {
    const repo = get(root, 'repo');
    checks.push([repo, scenarioKeys.repo, 'repo']);
    items(get(repo, 'revisions')).forEach((r, i) =>
      checks.push([r, scenarioKeys.repoRevision, `repo.revisions[${i}]`]),
    );
    items(get(root, 'actions')).forEach((a, i) => checks.push([a, scenarioKeys.action, `actions[${i}]`]));
  } else {
    checks.push([get(root, 'app'), scenarioKeys.app, 'app']);
    items(get(root, 'revisions')).forEach((r, i) =>
      checks.push([r, scenarioKeys.revision, `revisions[${i}]`]),
    );
  }
  for (const [node, known, what] of checks) {
    const problem = unknownKey(node, known, what);
    if (problem) fail(problem.message, problem.node);
  }
}

/** Parse one revision's manifests, with positions (and errors) mapped back to the scenario file. */
function readRevision(
  manifests: string,
  file: string,
  where: { line: number; indent: number },
  warnings: string[],
): ParsedObject[] {
  const map = (p: SourcePosition): SourcePosition => {
    const moved = { file, line: p.line + where.line - 1, column: p.column + where.indent };
    // The recorded field positions (`spec.replicas` for the run limits) move with their object.
    if (!p.fields) return moved;
    const fields = Object.fromEntries(Object.entries(p.fields).map(([path, f]) => [path, map(f)]));
    return { ...moved, fields };
  };
  try {
    const own: string[] = [];
    const objects = parseManifests(manifests, file, { warnings: own });
    // A warning names its place inside the block as `file:line:column: …`; move it to the scenario file's lines.
    for (const w of own) {
      const m = /^(?:.*?):(\d+):(\d+): (.*)$/s.exec(w);
      if (!m) warnings.push(w);
      else {
        const p = map({ file, line: Number(m[1]), column: Number(m[2]) });
        warnings.push(`${p.file}:${p.line}:${p.column}: ${m[3]}`);
      }
    }
    return objects.map((p) => ({ ...p, position: map(p.position) }));
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(error.detail, map({ file, line: error.line, column: error.column }));
    throw error;
  }
}

/**
 * Where the text of a block scalar starts in the file: its first content line and the indentation YAML strips,
 * so that an error at (line, column) inside the manifests maps to (line + start - 1, column + indent).
 */
function blockPosition(
  text: string,
  lineCounter: LineCounter,
  node: YamlNode,
): { line: number; indent: number } {
  const start = node.range?.[0] ?? 0;
  const header = lineCounter.linePos(start).line;
  const isBlock = text[start] === '|' || text[start] === '>';
  if (!isBlock) return { line: header, indent: lineCounter.linePos(start).col - 1 };
  const lines = text.split('\n');
  for (let i = header; i < lines.length; i++) {
    const l = lines[i];
    if (l.trim() === '') continue;
    return { line: i + 1, indent: l.length - l.trimStart().length };
  }
  return { line: header + 1, indent: 0 };
}
