import { InputError, escapeControl } from '../engine';

/**
 * A Helm chart or a Kustomize folder is not manifests: Argo CD's repo server renders it (`helm template`,
 * `kustomize build`) and syncs the output. The sandbox does not run Helm or Kustomize, so read as YAML a chart
 * answered `Chart.yaml:1:1: "kind" is missing`, which names no way out. This says what the file is and the exact
 * command that renders it, whose output the sandbox reads (pasted on the page, or a file for `sim run`).
 */
export class RenderFirstError extends InputError {
  /** The command that renders the input: `helm template web charts/web`, `kubectl kustomize overlays/dev`. */
  readonly renderCommand: string;

  constructor(detail: string, file: string, renderCommand: string) {
    super(detail, { file, line: 1, column: 1 });
    this.renderCommand = renderCommand;
  }
}

/** Where the message's reader gives the sandbox the rendered output: the page, `sim run FILE`, `sim run --repo DIR`. */
export type RenderFace = 'page' | 'cli' | 'repo';

interface Found {
  tool: 'helm' | 'kustomize';
  /** What the file is, for the message. */
  what: string;
  /** The chart's folder (or packaged file) or the Kustomize folder, as the reader's shell names it. */
  target: string;
  /** Helm's release name: the chart's `name:` (Argo CD uses the Application's name; any name renders). */
  release?: string;
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.');
const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const joinPath = (folder: string, path: string) =>
  folder === '' || folder === '.' ? path : path === '.' ? folder : `${folder}/${path}`;

/** A chart's `Chart.yaml` by its content: a chart apiVersion (v1, v2), a name and a version, and no kind. */
const looksLikeChartYaml = (text: string) =>
  /^apiVersion:\s*["']?v[12]["']?\s*$/m.test(text) &&
  /^name:/m.test(text) &&
  /^version:/m.test(text) &&
  !/^kind:/m.test(text);
const looksLikeKustomization = (text: string) => /^kind:\s*["']?Kustomization["']?\s*$/m.test(text);
/**
 * A chart's template, not Helm's output: Go template actions that only a chart holds (`{{ .Values.x }}`,
 * `{{ include "…" . }}`), or any `{{` in a file under a `templates/` folder. Other `{{ … }}` (an Alertmanager or
 * Argo CD notifications template kept in a ConfigMap) is data of a manifest, and is read as such.
 */
const looksLikeHelmTemplate = (path: string, text: string) =>
  /\{\{-?\s*(?:\.(?:Values|Release|Chart|Capabilities)\.|include\s+"|template\s+")/.test(text) ||
  (/(^|\/)templates\//.test(path) && text.includes('{{'));

/** A folder's own name ('web' of 'charts/web'), or undefined for the current folder. */
const folderName = (folder: string) => (folder === '.' || folder === '' ? undefined : baseOf(folder));

function chartName(text: string | undefined): string | undefined {
  const name = text && /^name:\s*["']?([A-Za-z0-9][A-Za-z0-9_.-]*)["']?\s*$/m.exec(text)?.[1];
  return name || undefined;
}

/** What one file is when it must be rendered first, or undefined for anything else (manifests, scenarios). */
function classify(path: string, text: string | undefined): Found | undefined {
  const base = baseOf(path);
  if (base === 'Chart.yaml' || (text !== undefined && looksLikeChartYaml(text)))
    return {
      tool: 'helm',
      what: 'a Helm chart (Chart.yaml)',
      target: dirOf(path),
      release: chartName(text) ?? folderName(dirOf(path)),
    };
  if (/\.tgz$/i.test(base))
    return {
      tool: 'helm',
      what: 'a packaged Helm chart',
      target: path,
      release: base.replace(/\.tgz$/i, '').replace(/-v?\d+\.\d+\.\d+.*$/, ''),
    };
  if (
    /^(kustomization\.ya?ml|Kustomization)$/.test(base) ||
    (text !== undefined && looksLikeKustomization(text))
  )
    return { tool: 'kustomize', what: `a Kustomize folder (${base})`, target: dirOf(path) };
  if (text !== undefined && looksLikeHelmTemplate(path, text)) {
    // templates/x.yaml lives in the chart's folder: render the chart, not the template.
    const parts = path.split('/');
    const at = parts.lastIndexOf('templates');
    const chart = at > 0 ? parts.slice(0, at).join('/') : at === 0 ? '.' : dirOf(path);
    return {
      tool: 'helm',
      what: 'a Helm chart’s template (it holds {{ … }} for Helm to fill in)',
      target: chart,
      release: folderName(chart),
    };
  }
  return undefined;
}

/** A word for a POSIX shell: as it is when it needs no quoting, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function refusal(file: string, found: Found, face: RenderFace): RenderFirstError {
  const target = shellWord(escapeControl(found.target));
  const release = shellWord(found.release ?? 'my-release');
  const command =
    found.tool === 'helm' ? `helm template ${release} ${target}` : `kubectl kustomize ${target}`;
  const alternative = found.tool === 'kustomize' ? ` (or kustomize build ${target})` : '';
  const [verb, tool] = found.tool === 'helm' ? ['renders', 'Helm'] : ['builds', 'Kustomize'];
  const give =
    face === 'page'
      ? `run ${command}${alternative} and paste its output in the paste box`
      : face === 'cli'
        ? `run ${command} > rendered.yaml${alternative}, then sim run rendered.yaml`
        : `run ${command} > rendered.yaml${alternative}, and put rendered.yaml in the folder's place in the repository`;
  const detail = `this is ${found.what}: Argo CD ${verb} it with ${tool} before it syncs, and the sandbox does not run ${tool}; ${give}`;
  return new RenderFirstError(detail, file, command);
}

/**
 * The refusal for the first file of `files` that is a Helm chart, a packaged chart, a chart's template or a
 * Kustomize folder's kustomization (a Chart.yaml or kustomization before a template, as it names the folder), or
 * undefined when none is. `folder` is where the files' paths start from in the reader's shell (a dropped folder's
 * name on the page; '' for paths typed on the command line).
 */
export function renderFirst(
  files: readonly { path: string; text?: string }[],
  face: RenderFace,
  folder = '',
): RenderFirstError | undefined {
  const found = files
    .map((file) => ({ file, found: classify(file.path, file.text) }))
    .filter((f): f is { file: (typeof files)[number]; found: Found } => f.found !== undefined);
  const first = found.find((f) => !f.found.what.includes('template')) ?? found[0];
  if (!first) return undefined;
  return refusal(first.file.path, { ...first.found, target: joinPath(folder, first.found.target) }, face);
}
