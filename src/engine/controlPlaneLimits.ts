import { InputError, type InputPosition } from './inputError';
import { limits } from './limits';
import type { KubeObject, SourcePosition } from './types';

/**
 * The input limits of a run of several Applications (README "Limits", limits.ts), checked from counts alone, before
 * anything is rendered or simulated: an ApplicationSet of 100,000 list elements used to be rendered (and each
 * generated Application reconciled) for minutes before any limit was met, and 200 commits of a 6,000-object folder
 * were all read and kept. The readers call these as they go, with positions; runControlPlane calls
 * `checkControlPlaneLimits` again for the inputs that come without a reader (the page's runs).
 */

/** Where a limit that is not any one object's fault is reported. */
const nowhere: InputPosition = { file: '<simulation>', line: 1, column: 1 };

/**
 * The Applications an ApplicationSet will generate: one per list element (list.go), counted without rendering.
 * A generator other than `list` is refused later with its own message, so it counts none here.
 */
export function applicationSetElementCount(set: KubeObject): number {
  const generators: unknown = set.spec?.generators;
  if (!Array.isArray(generators)) return 0;
  let count = 0;
  for (const generator of generators) {
    const elements: unknown = (generator as { list?: { elements?: unknown } } | null)?.list?.elements;
    if (Array.isArray(elements)) count += elements.length;
  }
  return count;
}

/** The running totals of one run's input, which throw at the first place that takes them past a limit. */
export class InputBudget {
  private objects = 0;
  private applications = 0;

  /** Adds `count` input objects; throws at `at` when the run's total goes past maxInputObjects. */
  addObjects(count: number, what: string, at: InputPosition | undefined): void {
    this.objects += count;
    if (this.objects > limits.maxInputObjects)
      throw new InputError(
        `${this.objects} objects is over the limit of ${limits.maxInputObjects} objects in one run (${what} brought the total past it)`,
        at ?? nowhere,
      );
  }

  /** Adds `count` Applications (they are input objects too); throws at `at` past maxApplications. */
  addApplications(count: number, what: string, at: InputPosition | undefined): void {
    this.applications += count;
    if (this.applications > limits.maxApplications)
      throw new InputError(
        `${this.applications} Applications is over the limit of ${limits.maxApplications} Applications in one run (${what} brought the total past it)`,
        at ?? nowhere,
      );
    this.addObjects(count, what, at);
  }

  /** Counts Argo CD objects: an ApplicationSet counts itself and the Applications it will generate. */
  addArgoObject(object: KubeObject, at: InputPosition | undefined): void {
    const name = `${object.kind} ${object.metadata?.name ?? ''}`;
    if (object.kind === 'Application') return this.addApplications(1, name, at);
    this.addObjects(1, name, at);
    if (object.kind === 'ApplicationSet')
      this.addApplications(applicationSetElementCount(object), `the list elements of ${name}`, at);
  }

  /** Counts one file of a repository revision (Applications in it are an app of apps' children). */
  addRepoFile(
    items: readonly { object: KubeObject; position?: SourcePosition }[],
    revision: string,
    file: string,
  ): void {
    const at = items[0]?.position ?? { file, line: 1, column: 1 };
    const what = `revision ${revision} of the repository`;
    const apps = items.filter((item) => item.object.kind === 'Application').length;
    if (apps > 0) this.addApplications(apps, what, at);
    this.addObjects(items.length - apps, what, at);
  }
}

/** The parts of a control-plane run's input that the limits count. */
export interface CountedControlPlaneInput {
  repository: {
    name: string;
    files: Record<string, readonly { object: KubeObject; position?: SourcePosition }[]>;
  };
  objects: readonly KubeObject[];
  actions?: readonly (
    | { type: 'commit'; revision: CountedControlPlaneInput['repository'] }
    | {
        type: 'kubectl-apply';
        objects: readonly KubeObject[];
        positions?: readonly (SourcePosition | undefined)[];
      }
    | { type: string }
  )[];
}

/** Throws an InputError when a control-plane run's input is past a limit, before anything is rendered or run. */
export function checkControlPlaneLimits(input: CountedControlPlaneInput): void {
  const budget = new InputBudget();
  for (const object of input.objects) budget.addArgoObject(object, undefined);
  const addRevision = (revision: CountedControlPlaneInput['repository']) => {
    for (const [file, items] of Object.entries(revision.files))
      budget.addRepoFile(items, revision.name, file);
  };
  addRevision(input.repository);
  for (const action of input.actions ?? []) {
    if (action.type === 'commit' && 'revision' in action) addRevision(action.revision);
    if (action.type === 'kubectl-apply' && 'objects' in action)
      action.objects.forEach((object, i) => budget.addArgoObject(object, action.positions?.[i]));
  }
}
