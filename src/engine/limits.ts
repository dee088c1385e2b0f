/**
 * The documented limits of one simulation (README "Limits"). They keep a hostile or mistaken input from running
 * for minutes or exhausting memory: a run that would go past one ends with an InputError naming the limit.
 */
export const limits = {
  /** The latest virtual time a run may reach (`--until`), in seconds: one simulated day. */
  maxVirtualSeconds: 86_400,
} as const;
