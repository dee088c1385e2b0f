/** A failure switch of a scenario (contract `--fail` value, `kind/name`). */
export interface FailToggle {
  id: string;
  label: string;
  fail?: string;
}

/** How a switch is drawn: ticked or not, whether it can be changed, and why not. */
export interface ToggleState {
  checked: boolean;
  disabled: boolean;
  note: string | undefined;
}

/**
 * A failure switch as the run shows it (failing-migration's "Make the migration fail" was unticked
 * while the migration failed, since its own script exits 1). When the switch is off but the run's deciding
 * failure is that very workload, the manifests make it fail already: the box is ticked, cannot be changed, and
 * says so. `failed` is the run's first failed task as `Kind/name` (RunFacts.failure).
 */
export function toggleState(toggle: FailToggle, on: boolean, failed: string | undefined): ToggleState {
  const failsAnyway =
    !on &&
    toggle.fail !== undefined &&
    failed !== undefined &&
    toggle.fail.toLowerCase() === failed.toLowerCase();
  if (!failsAnyway) return { checked: on, disabled: false, note: undefined };
  return {
    checked: true,
    disabled: true,
    note: `${failed} fails in this revision's own manifests; edit them to make it pass.`,
  };
}
