import type { ParsedObject, ParseOptions } from './manifests';
import type { Scenario } from './scenario';

/**
 * The YAML reading side of the sandbox (the `yaml` package, about a fifth of the page's code), behind a lazy
 * door: the page ships its scenarios compiled at build time and needs the parser only once someone edits, so it
 * loads it then (`loadReader`). Node (the CLI, tests) may install it synchronously with `setReader`.
 */
export interface Reader {
  parseScenario(text: string, file: string): Scenario;
  parseManifests(text: string, file: string, options?: ParseOptions): ParsedObject[];
}

let loaded: Reader | undefined;
let loading: Promise<Reader> | undefined;

/** The reader, if it is loaded. */
export function reader(): Reader | undefined {
  return loaded;
}

/** Load the reader (once) and return it. */
export function loadReader(): Promise<Reader> {
  loading ??= import('./readerImpl').then((module) => (loaded = module.readerImpl));
  return loading;
}

/** Install a reader synchronously (tests, Node). */
export function setReader(value: Reader): void {
  loaded = value;
}
