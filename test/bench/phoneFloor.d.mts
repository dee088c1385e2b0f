// The types of test/bench/phoneFloor.mjs, for its TypeScript test (the project's TypeScript reads no .mjs).

/** The page's markup now (`#app`'s HTML), read in the page. */
export function appMarkup(page: { evaluate<T>(fn: () => T): Promise<T> }): Promise<string>;

/** A copy of the build `dist` with `markup` in `#app` and no script; `remove` deletes the copy. */
export function floorCopy(dist: string, markup: string): { dir: string; remove: () => void };

/** `html` with every `<script>` element taken out. */
export function withoutScripts(html: string): string;
