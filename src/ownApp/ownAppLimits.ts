/**
 * What a dropped app may hold, checked while it is read (not after: 10,000 one-ConfigMap files were once read in
 * full, then accepted past the 5,000-object limit). A run reads at most 5,000 objects (limits.ts), so more files
 * than that cannot be one app; 16 MiB is more than a run reads (4 MiB a file), with room.
 */
export const maxUnpackedBytes = 16 * 1024 * 1024;
export const maxOwnAppFiles = 5_000;
