/**
 * The `app=NAME` URL parameter: which Application's own view is open in a run of several (contract.md §2
 * lets the page add what it needs so a link restores the screen). Read from the query or the hash like the
 * others (the hash wins); names are Kubernetes object names.
 */
export function readAppParam(search: string, hash: string): string | undefined {
  const fromHash = new URLSearchParams(hash.replace(/^#\??/, '')).get('app');
  const app = fromHash ?? new URLSearchParams(search.replace(/^\?/, '')).get('app');
  return app && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(app) ? app : undefined;
}

/** What to append to a query string from formatUrlState for the open Application: `&app=NAME`, or nothing. */
export function appParam(app: string | undefined): string {
  return app ? `&app=${encodeURIComponent(app)}` : '';
}
