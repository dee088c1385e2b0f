// The types of scripts/simBundle.mjs, for the TypeScript test that calls it (the project's TypeScript reads no .mjs).

export interface BundleOptions {
  /** The project's folder: `entry` and the recorded inputs are relative to it. */
  root: string;
  /** Where bundles and the list of their inputs are kept. */
  cache: string;
  entry: string;
  /** Files that change the bundle without being imported, such as the lock file. */
  alsoHashed?: string[];
}

export function bundlePath(options: BundleOptions): Promise<string>;
