import type { InputPosition } from '../engine';
import { ignoreDifferencesRefusal } from './ignoreDifferencesRefusal';

/** One `resource.customizations.health.*` script from argocd-cm, with the API group and kind it applies to. */
export interface HealthCustomization {
  /** The argocd-cm key (or `resource.customizations` plus the group/kind for the older block form). */
  key: string;
  /** '' for the core group; may hold `*` wildcards, as Argo CD's glob match allows. */
  group: string;
  kind: string;
  source: string;
  /**
   * Whether the script sees every library (util/lua/lua.go GetHealthScript): true for Argo CD's built-in scripts,
   * and for an argocd-cm script whose `resource.customizations.useOpenLibs.<group_kind>` is true.
   */
  useOpenLibs?: boolean;
  /** Where the script's text starts in the argocd-cm file, when it came from one. */
  position?: InputPosition;
}

/** argocd-cm `data`, with the position of each value when read from a file. */
export interface ArgocdCmData {
  data: Record<string, string>;
  positions?: Record<string, InputPosition>;
}

const prefix = 'resource.customizations';
/** The customization types Argo CD accepts in split keys (util/settings/settings.go appendResourceOverridesFromSplitKeys). */
const knownTypes = new Set([
  'health',
  'useOpenLibs',
  'actions',
  'ignoreDifferences',
  'ignoreResourceUpdates',
  'knownTypeFields',
]);

/** A problem in argocd-cm, with the key it is about. */
export class ArgocdCmError extends Error {
  constructor(
    message: string,
    readonly key: string,
  ) {
    super(message);
  }
}

/**
 * The health scripts configured in argocd-cm, as Argo CD's settings manager reads them (util/settings/settings.go):
 * split keys `resource.customizations.health.<group>_<kind>` (or `.<kind>` for the core group, `all` for every
 * kind) and the older `resource.customizations` block, whose entries are keyed `<group>/<kind>` with a `health.lua`
 * field. Split keys win over the block for the same group and kind, as in Argo CD. The block form is handed in
 * already parsed (`block`), so this module needs no YAML parser.
 */
export function healthCustomizations(
  cm: ArgocdCmData,
  block?: Record<string, { source: string; position?: InputPosition }>,
): HealthCustomization[] {
  const found = new Map<string, HealthCustomization>();
  /** `useOpenLibs.<group_kind>` keys by target: settings.go sets UseOpenLibs on the override of that group/kind. */
  const openLibs = new Map<string, boolean>();
  for (const [groupKind, entry] of Object.entries(block ?? {})) {
    const slash = groupKind.lastIndexOf('/');
    const group = slash < 0 ? '' : groupKind.slice(0, slash);
    const kind = groupKind.slice(slash + 1);
    found.set(`${group}/${kind}`, {
      key: `${prefix} ${groupKind}`,
      group,
      kind,
      source: entry.source,
      position: entry.position,
    });
  }
  for (const [key, value] of Object.entries(cm.data)) {
    if (!key.startsWith(prefix) || key === prefix) continue;
    // Same split as Go's strings.SplitN(k, ".", 4): the group may itself contain dots.
    const parts = key.split('.');
    if (parts.length < 4) continue;
    const type = parts[2];
    const groupKind = parts.slice(3).join('.');
    if (!knownTypes.has(type))
      throw new ArgocdCmError(`resource customization type ${type} not supported`, key);
    const target = overrideTarget(groupKind, key);
    if (type === 'useOpenLibs') openLibs.set(`${target.group}/${target.kind}`, parseGoBool(value, key));
    if (type === 'ignoreDifferences') throw new ArgocdCmError(ignoreDifferencesRefusal(key), key);
    if (type !== 'health') continue;
    found.set(`${target.group}/${target.kind}`, {
      key,
      ...target,
      source: value,
      position: cm.positions?.[key],
    });
  }
  for (const [target, useOpenLibs] of openLibs) {
    const customization = found.get(target);
    if (customization) customization.useOpenLibs = useOpenLibs;
  }
  return [...found.values()];
}

/** Argo CD's convertToOverrideKey: `group_kind`, a bare kind (core group), or `all` for every group and kind. */
function overrideTarget(groupKind: string, key: string): { group: string; kind: string } {
  if (groupKind === 'all') return { group: '*', kind: '*' };
  const parts = groupKind.split('_');
  if (parts.length === 2) return { group: parts[0], kind: parts[1] };
  if (parts.length === 1 && groupKind !== '') return { group: '', kind: groupKind };
  throw new ArgocdCmError(
    `group kind should be in format \`resource.customizations.<type>.<group_kind>\` or resource.customizations.<type>.<kind>\`, got group kind: '${groupKind}'`,
    key,
  );
}

/** Go's strconv.ParseBool, as settings.go reads a useOpenLibs value; its error fails argocd-cm's settings. */
function parseGoBool(value: string, key: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  throw new ArgocdCmError(`strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`, key);
}
