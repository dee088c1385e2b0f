import type { KubeObject } from '../../engine';
import { parseManifests } from '../../scenarios/manifests';
import { validateFalseFolders } from '../../scenarios/validateFalseFolders';

export { underValidateFalse } from '../../scenarios/validateFalseFolders';

/**
 * The repository folders, among the Argo CD objects of `texts`, that Applications (or the Applications an
 * ApplicationSet's template generates) sync with `Validate=false` (validateFalseFolders.ts). A file that does not
 * parse is skipped here: the run reads it again and reports it at its usual place.
 */
export function validateFalsePaths(texts: { text: string; file: string }[]): string[] {
  const objects: KubeObject[] = [];
  for (const { text, file } of texts) {
    try {
      objects.push(...parseManifests(text, file).map((p) => p.object));
    } catch {
      continue;
    }
  }
  return validateFalseFolders(objects);
}
