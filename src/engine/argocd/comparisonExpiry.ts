/**
 * controller/appcontroller.go `comparisonExpiry` (L2211): whether an app's last full comparison is older than the
 * soft refresh timeout (`timeout.reconciliation`, a CompareWithLatest refresh) and the hard one
 * (`timeout.hard.reconciliation`, a refresh that also skips the manifest cache). A timeout of 0 disables its
 * check; an app never reconciled is always soft-expired, and hard-expired when a hard timeout is set.
 *
 * `ApplicationStatus.Expired` is strict (reconciledAt + timeout before now); the virtual clock's periodic resync
 * comes back exactly 120 s later, where a real informer is always a little late, so `inclusive` counts the
 * boundary as expired for that one caller.
 */
export function comparisonExpiry(
  reconciledAtMs: number | undefined,
  nowMs: number,
  softTimeoutMs: number,
  hardTimeoutMs: number,
  inclusive = false,
): { softExpired: boolean; hardExpired: boolean } {
  if (reconciledAtMs === undefined) return { softExpired: true, hardExpired: hardTimeoutMs > 0 };
  const expired = (timeout: number) =>
    timeout > 0 && (inclusive ? nowMs - reconciledAtMs >= timeout : nowMs - reconciledAtMs > timeout);
  return { softExpired: expired(softTimeoutMs), hardExpired: expired(hardTimeoutMs) };
}
