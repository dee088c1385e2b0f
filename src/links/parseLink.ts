import type { LinkParam } from './linkParam';
import { linkParams } from './linkParams';
import type { LinkState } from './linkState';
import { linkTable } from './linkTable';

/**
 * Read everything a link says (linkTable.ts), from its query string and its hash, the hash winning
 * (linkParams.ts). Unusable values are left out rather than refused, so their defaults apply.
 */
export function parseLink(search: string, hash: string): LinkState {
  return readLinkParams(linkParams(search, hash));
}

/** The state the table's rows read from parameters already merged. */
export function readLinkParams(params: URLSearchParams): LinkState {
  const state: LinkState = {};
  for (const param of linkTable) readInto(state, param, params.get(param.key));
  return state;
}

function readInto<K extends keyof LinkState>(
  state: LinkState,
  param: LinkParam<K>,
  text: string | null,
): void {
  if (text === null) return;
  const value = param.read(text);
  if (value !== undefined) state[param.field] = value;
}
