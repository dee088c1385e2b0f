import { isInputError, type InputError } from '../../engine';
import type { ParsedObject } from '../../scenarios/manifests';
import { loadReader, reader, type Reader } from '../../scenarios/reader';

/**
 * The session's YAML reader (src/scenarios/reader): given at once (tests, Node), or loaded lazily when someone
 * first edits, so the page's first JavaScript leaves the yaml package out. `ready` says whether it is there, so
 * plans of edited text can be made synchronously.
 */
export class YamlReader {
  /** Whether the YAML reader is loaded. */
  ready = $state.raw(false);
  private yaml: Reader | undefined;

  constructor(given?: Reader) {
    this.yaml = given ?? reader();
    this.ready = this.yaml !== undefined;
  }

  /** The reader if it is loaded; undefined until `load` has resolved. */
  get loaded(): Reader | undefined {
    return this.yaml;
  }

  /** The reader, which must be there (a scenario given as text, in tests). */
  require(): Reader {
    if (!this.yaml) throw new Error('no YAML reader: pass one in SessionOptions.reader or call load()');
    return this.yaml;
  }

  /** Load the reader (the editor asks for it when it opens, before anyone types). */
  async load(): Promise<Reader> {
    this.yaml ??= await loadReader();
    this.ready = true;
    return this.yaml;
  }

  /** Parse an edited text named `source`; an InputError is returned, not thrown. */
  parseEdited(text: string, source: string, warnings?: string[]): ParsedObject[] | InputError {
    try {
      return this.require().parseManifests(text, source, { warnings });
    } catch (error) {
      if (isInputError(error)) return error;
      throw error;
    }
  }
}
