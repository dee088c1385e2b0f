import type { YamlPath } from './objectIssue';

/**
 * A field path as the API server prints it: `spec.template.spec.containers[0].image`; keys that are not plain words
 * are quoted: `labels["app.kubernetes.io/name"]`.
 */
export function formatPath(path: YamlPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
