import { type Json, syncOptionValidateFalse } from '../../engine';
import { parseManifests } from '../../scenarios/manifests';

/**
 * The repository folders of the Applications, among `texts`, whose `spec.syncPolicy.syncOptions` say
 * `Validate=false` (e2e TestSyncOptionValidateFalse sets it on the object; gitops-engine reads the app's options
 * and the object's alike). Their objects are read as the annotation would have them read: a wrongly typed field
 * is the API server's to refuse at sync. A file that does not parse is skipped here: the run reads it again and
 * reports it at its usual place.
 */
export function validateFalsePaths(texts: { text: string; file: string }[]): string[] {
  const paths: string[] = [];
  for (const { text, file } of texts) {
    let objects: Json[];
    try {
      objects = parseManifests(text, file).map((p) => p.object);
    } catch {
      continue;
    }
    for (const app of objects) {
      if (app.kind !== 'Application' || !String(app.apiVersion).startsWith('argoproj.io/')) continue;
      const options: unknown = app.spec?.syncPolicy?.syncOptions;
      if (!Array.isArray(options) || !options.some((o) => String(o).trim() === syncOptionValidateFalse))
        continue;
      const sources: Json[] = [
        app.spec?.source,
        ...(Array.isArray(app.spec?.sources) ? app.spec.sources : []),
      ];
      for (const source of sources)
        if (source && typeof source.path === 'string') paths.push(source.path.replace(/^\.?\/+|\/+$/g, ''));
    }
  }
  return paths;
}

/** Whether the repository file `path` lies in one of the folders `validateFalsePaths` found. */
export function underValidateFalse(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => folder === '' || folder === '.' || path.startsWith(`${folder}/`));
}
