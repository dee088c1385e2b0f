import type { Json } from '../engine';
import type { Scenario } from './scenario';
import { amendedApplicationHealthLua } from './amendedApplicationHealthLua';

/** The argocd-cm key of the health check for Applications (argocd-semantics.md §3.12, §5.2). */
export const applicationHealthKey = 'resource.customizations.health.argoproj.io_Application';

/**
 * The health check for Applications from Argo CD's documentation, as the article and the course module add it
 * (source-material): a child Application reports its own `status.health`, and `Progressing` until it has one.
 */
export const applicationHealthLua = `hs = {}
hs.status = "Progressing"
hs.message = ""
if obj.status ~= nil then
  if obj.status.health ~= nil then
    hs.status = obj.status.health.status
    if obj.status.health.message ~= nil then
      hs.message = obj.status.health.message
    end
  end
end
return hs
`;

/** What a platform scenario's switched-on toggles change in its run: plain data, so it can cross to a worker. */
export interface PlatformRunSettings {
  /** The argocd-cm `data` whose health Lua applies (undefined: none, as in Argo CD's default). */
  argocdCmData?: Record<string, string>;
  progressiveSyncs?: boolean;
  maxUpdate?: number | string;
  /** Every Application's `automated.selfHeal`, when a toggle sets it. */
  selfHeal?: boolean;
  /** Entries of the scenario's `fail:` list that switched-on toggles repair (left out of the run). */
  repaired?: string[];
  /** The controller's sync timeout in seconds, when a toggle sets it (argocd-semantics.md §2.16). */
  syncTimeoutSeconds?: number;
  /** Every sync window's `manualSync`, when a toggle sets it (§5.14). */
  manualSync?: boolean;
  /** Every Application's `spec.ignoreDifferences`, when a toggle sets it (§5.8). */
  ignoreDifferences?: Json[];
  /** Sync options added to every Application's `syncPolicy.syncOptions`, when a toggle sets them. */
  appSyncOptions?: string[];
}

/**
 * The run settings of a platform scenario with the toggles `on`: the scenario's own argocd-cm, with the
 * Application health check added (`healthCheck: true`) or taken out (`healthCheck: false`); progressive syncs
 * and `maxUpdate` as the last switched-on toggle that sets them says. Toggles with `fail` are the page's failure
 * switches and are handled as in a single-Application scenario.
 */
export function platformRunSettings(scenario: Scenario, on: readonly string[]): PlatformRunSettings {
  const platform = scenario.platform;
  if (!platform) return {};
  const data: Record<string, string> = { ...(platform.argocdCmData ?? {}) };
  const settings: PlatformRunSettings = {};
  for (const toggle of scenario.platformToggles ?? []) {
    if (!on.includes(toggle.id)) continue;
    if (toggle.healthCheck === true) data[applicationHealthKey] ??= applicationHealthLua;
    if (toggle.healthCheck === false) delete data[applicationHealthKey];
    if (toggle.amendedHealthCheck) data[applicationHealthKey] = amendedApplicationHealthLua;
    if (toggle.progressiveSyncs !== undefined) settings.progressiveSyncs = toggle.progressiveSyncs;
    if (toggle.maxUpdate !== undefined) settings.maxUpdate = toggle.maxUpdate;
    if (toggle.selfHeal !== undefined) settings.selfHeal = toggle.selfHeal;
    if (toggle.repair !== undefined) settings.repaired = [...(settings.repaired ?? []), toggle.repair];
    if (toggle.syncTimeout !== undefined) settings.syncTimeoutSeconds = toggle.syncTimeout;
    if (toggle.manualSync !== undefined) settings.manualSync = toggle.manualSync;
    if (toggle.ignoreDifferences !== undefined) settings.ignoreDifferences = toggle.ignoreDifferences;
    if (toggle.syncOptions !== undefined) settings.appSyncOptions = toggle.syncOptions;
  }
  if (Object.keys(data).length > 0) settings.argocdCmData = data;
  return settings;
}
