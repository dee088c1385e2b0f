import type { Reader } from './readerType';

export type { Reader } from './readerType';

// The lazy door to the YAML reader (readerType.ts says why it is lazy); its type lives apart, so that the real
// reader (readerImpl.ts) and this door do not import each other.

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
