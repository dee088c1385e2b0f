/**
 * The sandbox's own health script for `policy` PodDisruptionBudget, from the behaviour Argo CD's
 * resource_customizations/policy/PodDisruptionBudget tests pin: no conditions yet → Progressing `Waiting for
 * status`; a condition with status False → Degraded, unless its reason is InsufficientPods, which has valid uses
 * (https://github.com/argoproj/argo-cd/issues/20171); otherwise Healthy. The message names the last reason read.
 */
export const podDisruptionBudgetHealthLua = `
local conditions = obj.status and obj.status.conditions
if conditions == nil then
  return { status = "Progressing", message = "Waiting for status" }
end
local health = { status = "Progressing", message = "Waiting for status" }
for _, condition in ipairs(conditions) do
  local reason = condition.reason or ""
  if condition.status == "False" and reason ~= "InsufficientPods" then
    return { status = "Degraded", message = "PodDisruptionBudget has " .. reason }
  end
  health = { status = "Healthy", message = "PodDisruptionBudget has " .. reason }
end
return health
`;
