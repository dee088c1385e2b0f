import type { LinkParam } from './linkParam';
import type { LinkState } from './linkState';
import { linkTable } from './linkTable';

/**
 * The query string for a state, its parameters in the table's order (linkTable.ts), so the same state always
 * gives the same link. A value its row writes as nothing (a flag that is off, an empty list) is left out.
 */
export function formatLink(state: LinkState): string {
  const params = new URLSearchParams();
  for (const param of linkTable) writeFrom(params, param, state);
  // Commas and colons are legal in a query (RFC 3986 §3.4) and read better unescaped: `open=Sync:3,PostSync:-`.
  return `?${params.toString().replaceAll('%2C', ',').replaceAll('%3A', ':')}`;
}

function writeFrom<K extends keyof LinkState>(
  params: URLSearchParams,
  param: LinkParam<K>,
  state: LinkState,
): void {
  const value = state[param.field];
  if (value === undefined || value === null) return;
  const text = param.write(value as NonNullable<LinkState[K]>);
  if (text !== undefined) params.set(param.key, text);
}
