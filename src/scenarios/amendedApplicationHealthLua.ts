/**
 * The Application health check as argo-cd PR #29649 (open, 2026-09) amends the documented one
 * (platformToggles.ts `applicationHealthLua`; docs/operator-manual/health.md "Argo CD App"): a child whose
 * `status.sync.comparedTo.source` differs from its `spec.source` has not compared its new spec yet, so its
 * `status.health` is the verdict of the previous spec, and the check reports Progressing until the child has
 * compared. The PR's own text was not at hand (neither the mirror nor the search index holds it): this is written
 * from its description, comparing the source fields a child Application's spec sets.
 */
export const amendedApplicationHealthLua = `hs = {}
hs.status = "Progressing"
hs.message = ""
if obj.status ~= nil then
  if obj.status.health ~= nil then
    hs.status = obj.status.health.status
    if obj.status.health.message ~= nil then
      hs.message = obj.status.health.message
    end
  end
  local compared = nil
  if obj.status.sync ~= nil and obj.status.sync.comparedTo ~= nil then
    compared = obj.status.sync.comparedTo.source
  end
  local source = obj.spec.source
  if source ~= nil then
    if compared == nil or compared.repoURL ~= source.repoURL or compared.path ~= source.path or compared.targetRevision ~= source.targetRevision or compared.chart ~= source.chart then
      hs.status = "Progressing"
      hs.message = "waiting for the application to compare its spec.source"
    end
  end
end
return hs
`;
