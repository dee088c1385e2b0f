/**
 * The sandbox's own health script for `argoproj.io` Rollout, written from the behaviour argocd-semantics.md §3.11
 * documents (and Argo CD's resource_customizations/argoproj.io/Rollout tests pin), in this order:
 * 1. the controller has not observed the spec (numeric observedGeneration behind metadata.generation, or the
 *    workload-generation annotation not yet observed) → Progressing;
 * 2. a `status.phase` (Argo Rollouts ≥ 1.0) is surfaced as is, `Paused` as Suspended, with `status.message`;
 * 3. an InvalidSpec condition, or a Progressing condition with reason RolloutAborted or ProgressDeadlineExceeded
 *    → Degraded with the condition's message;
 * 4. paused (pause conditions, or spec.paused) → Suspended `Rollout is paused`;
 * 5. not reconciled yet (no currentPodHash), replicas still to update or to become available → Progressing;
 * 6. blue-green: the active service not yet switched, or analysis pending; canary: old replicas still running or
 *    steps left → Progressing; otherwise Healthy.
 * It is plain Lua 5.3 (`#` rather than Lua 5.1's table.getn).
 */
export const rolloutHealthLua = `
local function number(value, default)
  if value == nil then return default end
  return value
end

local function progressing(message)
  return { status = "Progressing", message = message }
end

local status = obj.status
local annotations = obj.metadata.annotations

-- 1. Has the controller seen this spec? A non-numeric observedGeneration is a v0.9 hash: nothing to compare.
if status == nil then
  return progressing("Waiting for rollout spec update to be observed")
end
local observed = tonumber(status.observedGeneration)
if observed ~= nil and observed < obj.metadata.generation then
  return progressing("Waiting for rollout spec update to be observed")
end
if obj.spec.workloadRef ~= nil and annotations ~= nil then
  local wanted = tonumber(annotations["rollout.argoproj.io/workload-generation"])
  if wanted ~= tonumber(status.workloadObservedGeneration) then
    return progressing("Waiting for rollout spec update to be observed")
  end
end

-- 2. Argo Rollouts 1.0 and later computes its own phase and message.
if status.phase ~= nil then
  local phase = status.phase
  if phase == "Paused" then phase = "Suspended" end
  return { status = phase, message = status.message }
end

-- 3. Conditions that mean the rollout cannot finish.
for _, condition in ipairs(status.conditions or {}) do
  local fatal = condition.type == "InvalidSpec"
    or (condition.type == "Progressing"
      and (condition.reason == "RolloutAborted" or condition.reason == "ProgressDeadlineExceeded"))
  if fatal then
    return { status = "Degraded", message = condition.message }
  end
end

-- 4. Paused by the controller (a pause step) or by a user.
if (status.pauseConditions ~= nil and #status.pauseConditions > 0) or obj.spec.paused == true then
  return { status = "Suspended", message = "Rollout is paused" }
end

-- 5. Replicas.
if status.currentPodHash == nil then
  return progressing("Waiting for rollout to finish: status has not been reconciled.")
end
local desired = number(obj.spec.replicas, 1)
local replicas = number(status.replicas, 0)
local updated = number(status.updatedReplicas, 0)
local available = number(status.availableReplicas, 0)
if updated < desired then
  return progressing("Waiting for roll out to finish: More replicas need to be updated")
end
if available < updated then
  return progressing("Waiting for roll out to finish: updated replicas are still becoming available")
end

-- 6. Strategy. Rollouts before v0.8 kept the stable ReplicaSet under status.canary.
local stable = status.stableRS
if stable == nil and status.canary ~= nil then stable = status.canary.stableRS end
if stable == nil then stable = "" end
local strategy = obj.spec.strategy or {}
if strategy.blueGreen ~= nil then
  if status.blueGreen == nil or status.blueGreen.activeSelector ~= status.currentPodHash then
    return progressing("active service cutover pending")
  end
  if stable ~= "" and stable ~= status.currentPodHash then
    return progressing("waiting for analysis to complete")
  end
elseif strategy.canary ~= nil then
  if replicas > updated then
    return progressing("Waiting for roll out to finish: old replicas are pending termination")
  end
  if stable ~= status.currentPodHash then
    return progressing("Waiting for rollout to finish steps")
  end
end
return { status = "Healthy", message = "" }
`;
