// The types of test/prerequisites.mjs, for the TypeScript tests that call it (the project's TypeScript reads no .mjs).

export interface LookupOptions {
  env?: Record<string, string | undefined>;
  platform?: string;
  exists?: (path: string) => boolean;
  playwright?: (env: Record<string, string | undefined>) => string | undefined;
}

export type Found = { path: string; problem?: undefined } | { path?: undefined; problem: string };

export function findChromium(options?: LookupOptions): Found;
export function findHeadlessShell(options?: LookupOptions): { path?: string };
export function findShellcheck(options?: LookupOptions): Found;
export function missingPrerequisites(options?: LookupOptions): string[];
