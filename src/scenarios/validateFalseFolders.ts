import { type Json, type KubeObject, renderApplications, syncOptionValidateFalse } from '../engine';

/**
 * The repository folders synced by Applications whose `spec.syncPolicy.syncOptions` say `Validate=false` (e2e
 * TestSyncOptionValidateFalse sets it on the object; gitops-engine reads the app's options and the object's
 * alike). Their objects are read as the annotation would have them read: a wrongly typed field is the API server's
 * to refuse at sync.
 *
 * An ApplicationSet's template is an Application's spec: its `syncPolicy` is rendered into each generated
 * Application like any other field (applicationset/utils/utils.go `RenderTemplateParams` renders the whole
 * template), so the generated Applications' folders are read the same way. A set that does not render is skipped
 * here: the reader refuses it at its template afterwards (applicationSetInput.ts).
 */
export function validateFalseFolders(objects: readonly KubeObject[]): string[] {
  const folders: string[] = [];
  for (const object of objects) {
    if (!String(object?.apiVersion).startsWith('argoproj.io/')) continue;
    if (object.kind === 'Application') addFolders(object, folders);
    else if (object.kind === 'ApplicationSet') {
      const rendered = renderApplications({ ...object, metadata: { ...object.metadata, uid: '' } });
      if (rendered.ok) for (const app of rendered.applications) addFolders(app, folders);
    }
  }
  return folders;
}

function addFolders(app: KubeObject, folders: string[]): void {
  const options: unknown = app.spec?.syncPolicy?.syncOptions;
  if (!Array.isArray(options) || !options.some((o) => String(o).trim() === syncOptionValidateFalse)) return;
  const sources: Json[] = [app.spec?.source, ...(Array.isArray(app.spec?.sources) ? app.spec.sources : [])];
  for (const source of sources)
    if (source && typeof source.path === 'string') folders.push(source.path.replace(/^\.?\/+|\/+$/g, ''));
}

/** Whether the repository file `path` lies in one of the folders `validateFalseFolders` found. */
export function underValidateFalse(path: string, folders: readonly string[]): boolean {
  return folders.some((folder) => folder === '' || folder === '.' || path.startsWith(`${folder}/`));
}
