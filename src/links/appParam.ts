import { formatLink } from './formatLink';
import { parseLink } from './parseLink';

/**
 * The `app=NAME` URL parameter: which Application's own view is open in a run of several (contract.md §2
 * lets the page add what it needs so a link restores the screen). Read from the query or the hash like the
 * others (the hash wins; src/links/linkTable.ts); names are Kubernetes object names.
 */
export function readAppParam(search: string, hash: string): string | undefined {
  return parseLink(search, hash).app;
}

/** What to append to a query string from formatUrlState for the open Application: `&app=NAME`, or nothing. */
export function appParam(app: string | undefined): string {
  return app ? `&${formatLink({ app }).slice(1)}` : '';
}
