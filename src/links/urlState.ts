import { formatLink } from './formatLink';
import { urlStateOf, type UrlState } from './linkState';
import { parseLink } from './parseLink';

// The link's parameters are one table (src/links/linkTable.ts); these are its run's part, where the page has
// always read them.
export { parseSpeed, speeds, type Speed, type UrlState } from './linkState';

/**
 * Read the state from a URL's query string and hash; both are accepted (contract.md §2) and the hash wins,
 * because it is what a static host never strips. Unusable values are ignored rather than refused.
 */
export function parseUrlState(search: string, hash: string): UrlState {
  return urlStateOf(parseLink(search, hash));
}

/** The query string for a state, in a fixed order so the same state always gives the same link. */
export function formatUrlState(state: UrlState): string {
  return formatLink(state);
}

/**
 * The longest link the page writes into the address bar: 8,000 characters, whole URL. Browsers take far longer
 * ones (Chromium 2 MB, Firefox and Safari tens of thousands), but a link is for sharing, and the servers and
 * tools it passes through are stricter: RFC 9110 §4.1 asks only that URIs of 8,000 octets be supported, nginx
 * refuses request lines over its 8 kB header buffer (414), Apache's LimitRequestLine is 8,190, and a CDN such
 * as CloudFront caps the URL at 8,192. A static host of this page answers a longer link with an error.
 */
export const maxLinkLength = 8000;

/** Whether `url` (absolute) is short enough to share (`maxLinkLength`). */
export function linkFits(url: string): boolean {
  return url.length <= maxLinkLength;
}
