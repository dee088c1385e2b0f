/**
 * The scenario the page opens when its link names none, or one the sandbox does not have: the page's entry, the
 * address reader, your-own-app's fallback and the build's preload of the first scenario all read it here. A file
 * of its own, so the build plugins can import it without the registry's compiled scenarios.
 */
export const defaultScenarioId = 'three-tier';
