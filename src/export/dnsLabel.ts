/**
 * A name reduced to an RFC 1123 label, as Kubernetes checks a namespace's name (lowercase letters, digits and
 * `-`, starting and ending with a letter or digit, at most 63 characters): the scenario's id, taken from its file
 * name, where it names a kind cluster, a Git repository or the export's folder. A file name may hold anything
 * (``x$(touch a)`touch b`.yaml``), so the id is never written as it is where a shell or a file system reads it.
 * `fallback` when nothing of the name is left.
 */
export function dnsLabel(name: string, max = 63, fallback = 'scenario'): string {
  const label = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
  return label || fallback;
}
