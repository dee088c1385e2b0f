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
