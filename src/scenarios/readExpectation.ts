import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';

/**
 * A scenario's `expect:` block: what must be true at the end of its run (test/scenarios.test.ts checks it). Read
 * key by key, so that a misspelt key (`opertionPhase:`) is refused at its own line and column instead of being
 * dropped, which left the check comparing the run with itself.
 */
export interface ScenarioExpectation {
  operationPhase?: string;
  operationMessage?: string;
  syncStatus?: string;
  health?: string;
  images?: Record<string, string>;
  logs?: Record<string, string>;
  exists?: string[];
  gone?: string[];
}

/** What a platform scenario expects of each Application, by name (`expect.apps`). */
export type AppExpectations = Record<string, AppExpectation>;

export interface AppExpectation {
  operationPhase?: string;
  syncStatus?: string;
  health?: string;
}

type Fail = (message: string, node?: YamlNode | null) => never;

const stringKeys = ['operationPhase', 'operationMessage', 'syncStatus', 'health'] as const;
const mapKeys = ['images', 'logs'] as const;
const listKeys = ['exists', 'gone'] as const;
const appKeys = ['operationPhase', 'syncStatus', 'health'] as const;

/**
 * Read `expect:` (`node`, absent for none). `platform` allows `apps:`, which only a platform scenario has. Every
 * problem goes to `fail` with the node it is about, so the message names the file, line and column.
 */
export function readExpectation(
  node: YamlNode | undefined,
  platform: boolean,
  fail: Fail,
): { expect: ScenarioExpectation; apps: AppExpectations } {
  const expect: ScenarioExpectation = {};
  const apps: AppExpectations = {};
  if (node === undefined || (isScalar(node) && node.value === null)) return { expect, apps };
  if (!isMap(node)) return fail('expect must be a mapping', node);
  const known = [...stringKeys, ...mapKeys, ...listKeys, ...(platform ? ['apps'] : [])];
  for (const pair of node.items) {
    const keyNode = pair.key as YamlNode;
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    const value = pair.value as YamlNode | null;
    if ((stringKeys as readonly string[]).includes(key))
      expect[key as (typeof stringKeys)[number]] = scalarString(value, `expect.${key}`, keyNode, fail);
    else if ((mapKeys as readonly string[]).includes(key))
      expect[key as (typeof mapKeys)[number]] = stringMap(value, `expect.${key}`, keyNode, fail);
    else if ((listKeys as readonly string[]).includes(key))
      expect[key as (typeof listKeys)[number]] = stringList(value, `expect.${key}`, keyNode, fail);
    else if (key === 'apps' && platform) Object.assign(apps, readApps(value, keyNode, fail));
    else fail(`expect: unknown key "${key}" (known: ${known.join(', ')})`, keyNode);
  }
  return { expect, apps };
}

function readApps(value: YamlNode | null, keyNode: YamlNode, fail: Fail): AppExpectations {
  if (!isMap(value)) return fail('expect.apps must be a mapping of Application names', value ?? keyNode);
  const apps: AppExpectations = {};
  for (const pair of value.items) {
    const nameNode = pair.key as YamlNode;
    const name = isScalar(nameNode) ? String(nameNode.value) : '';
    const entry = pair.value as YamlNode | null;
    if (!isMap(entry))
      return fail(`expect.apps.${name} must be a mapping of ${appKeys.join(', ')}`, entry ?? nameNode);
    const app: AppExpectation = {};
    for (const field of entry.items) {
      const fieldNode = field.key as YamlNode;
      const key = isScalar(fieldNode) ? String(fieldNode.value) : '';
      if (!(appKeys as readonly string[]).includes(key))
        fail(`expect.apps.${name}: unknown key "${key}" (known: ${appKeys.join(', ')})`, fieldNode);
      app[key as (typeof appKeys)[number]] = scalarString(
        field.value as YamlNode | null,
        `expect.apps.${name}.${key}`,
        fieldNode,
        fail,
      );
    }
    apps[name] = app;
  }
  return apps;
}

function scalarString(value: YamlNode | null, name: string, keyNode: YamlNode, fail: Fail): string {
  if (!isScalar(value) || value.value === null || typeof value.value === 'object')
    return fail(`${name} must be a string`, value ?? keyNode);
  return String(value.value);
}

function stringMap(
  value: YamlNode | null,
  name: string,
  keyNode: YamlNode,
  fail: Fail,
): Record<string, string> {
  if (!isMap(value)) return fail(`${name} must be a mapping of KIND/NAME to a string`, value ?? keyNode);
  const out: Record<string, string> = {};
  for (const pair of value.items) {
    const k = pair.key as YamlNode;
    const key = isScalar(k) ? String(k.value) : '';
    out[key] = scalarString(pair.value as YamlNode | null, `${name}.${key}`, k, fail);
  }
  return out;
}

function stringList(value: YamlNode | null, name: string, keyNode: YamlNode, fail: Fail): string[] {
  if (!isSeq(value)) return fail(`${name} must be a list of KIND/NAME`, value ?? keyNode);
  return value.items.map((item, i) => scalarString(item as YamlNode, `${name}[${i}]`, keyNode, fail));
}
