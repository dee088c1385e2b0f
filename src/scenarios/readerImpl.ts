import { parseManifests } from './manifests';
import type { Reader } from './readerType';
import { parseScenario } from './scenario';

/** The real reader; imported only through `loadReader` (or directly by Node code) so the page can load it late. */
export const readerImpl: Reader = { parseScenario, parseManifests };
