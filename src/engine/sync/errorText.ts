/** The text of anything thrown by a port or callback, as Go's `%v` would print an error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
