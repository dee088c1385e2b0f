import { isMap, isScalar, LineCounter, parseAllDocuments, type Node as YamlNode } from 'yaml';
import { InputError, type InputPosition } from '../engine';
import { parseManifests } from './manifests';
import { blockCustomizations } from '../lua/blockCustomizations';
import { ArgocdCmError, healthCustomizations, type HealthCustomization } from '../lua/healthCustomizations';

/**
 * The health customizations of an argocd-cm ConfigMap file, with the file, line and column of each script. The
 * file is first read by the sandbox's manifest reader (size, nesting and alias limits, mistyped fields, each with
 * its position); then the ConfigMap named `argocd-cm` is read again for the positions of its `data` values.
 */
export function readArgocdCm(text: string, file: string): HealthCustomization[] {
  const objects = parseManifests(text, file);
  const index = objects.findIndex(
    (o) => o.object.kind === 'ConfigMap' && o.object.metadata.name === 'argocd-cm',
  );
  if (index < 0) {
    throw new InputError(
      'no ConfigMap named argocd-cm in this file',
      objects[0]?.position ?? { file, line: 1, column: 1 },
    );
  }
  const start = objects[index].position;
  const lineCounter = new LineCounter();
  // parseManifests accepted the text, so this parse succeeds; the ConfigMap is the document that starts at `start`.
  const doc = documentAt(text, lineCounter, start.line);
  const at = (node: YamlNode | null | undefined): InputPosition => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    return { file, line, column: col };
  };
  const data: Record<string, string> = {};
  const positions: Record<string, InputPosition> = {};
  const dataNode = isMap(doc) ? doc.get('data', true) : undefined;
  if (isMap(dataNode)) {
    for (const pair of dataNode.items) {
      if (!isScalar(pair.key) || !isScalar(pair.value)) continue;
      const key = String(pair.key.value);
      data[key] = String(pair.value.value);
      positions[key] = at(pair.value);
    }
  }
  const block = blockCustomizations(data['resource.customizations'], positions['resource.customizations']);
  try {
    return healthCustomizations({ data, positions }, block);
  } catch (error) {
    if (!(error instanceof ArgocdCmError)) throw error;
    throw new InputError(error.message, positions[error.key] ?? start);
  }
}

/** The document of a multi-document text whose first line is `line`. */
function documentAt(text: string, lineCounter: LineCounter, line: number): YamlNode | null {
  const documents = parseAllDocuments(text, { lineCounter, prettyErrors: false, logLevel: 'error' });
  const list = Array.isArray(documents) ? documents : [documents];
  for (const doc of list) {
    const node = doc.contents as YamlNode | null;
    if (node && lineCounter.linePos(node.range?.[0] ?? 0).line >= line) return node;
  }
  return null;
}
