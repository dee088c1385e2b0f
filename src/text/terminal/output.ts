/** What one command printed, and where it moves the cursor to (`argocd app wait`, `argocd app sync`). */
export interface CommandOutput {
  lines: string[];
  /** The command failed (kubectl or argocd would exit non-zero): the page shows it as an error. */
  failed?: boolean;
  /** Move the cursor to this virtual second. */
  seek?: number;
  /** The output does not end with a newline (kubectl's `-o jsonpath`; the course adds `; echo`). */
  noNewline?: boolean;
}

export const ok = (lines: string[], seek?: number): CommandOutput =>
  seek === undefined ? { lines } : { lines, seek };

export const fail = (line: string): CommandOutput => ({ lines: [line], failed: true });
