/**
 * Checks generated Applications before they are written (argocd-semantics.md §5.1 "Validation";
 * applicationset_controller.go `validateGeneratedApplications` L595-630). Invalid apps are not created, the valid
 * ones are; the set reports the last invalid app's message (by name) with ` (and <n-1> more)` (L300-310).
 */
import type { KubeObject } from '../../types';

export interface ValidationResult {
  /** Application name → its error message. */
  errors: Map<string, string>;
  /** The ErrorOccurred message, or undefined when every app is valid. */
  message: string | undefined;
}

/**
 * `projects` are the AppProjects that exist; without an explicit AppProject only `default` does (§5.1).
 * Argo CD keys its errors by the app's qualified name; in one namespace that is the name.
 */
export function validateGeneratedApplications(
  appSetName: string,
  applications: readonly KubeObject[],
  projects: ReadonlySet<string>,
): ValidationResult {
  const errors = new Map<string, string>();
  const seen = new Set<string>();
  for (const app of applications) {
    const name = app.metadata.name ?? '';
    if (name === '') {
      errors.set(
        name,
        `ApplicationSet ${appSetName} contains an application with no name; a name must be set in the template's ` +
          `metadata.name or via a templatePatch (generateName is not supported)`,
      );
      continue;
    }
    if (seen.has(name)) {
      errors.set(name, `ApplicationSet ${appSetName} contains applications with duplicate name: ${name}`);
      continue;
    }
    seen.add(name);
    const project = app.spec?.project ?? '';
    if (!projects.has(project)) {
      errors.set(name, `application references project ${project} which does not exist`);
      continue;
    }
    const destinationError = destinationProblem(app.spec?.destination ?? {});
    if (destinationError) errors.set(name, `application destination spec is invalid: ${destinationError}`);
  }
  return { errors, message: errorMessage(errors) };
}

/**
 * The simulator has one cluster, Argo CD's `in-cluster` (`https://kubernetes.default.svc`); the messages are
 * util/argo/argo.go `GetDestinationServer`'s. An unknown server URL is not checked (its message comes from the
 * cluster database and is not pinned by a test here).
 */
function destinationProblem(destination: { name?: string; server?: string }): string | undefined {
  const { name, server } = destination;
  if (name && server)
    return `application destination can't have both name and server defined: ${name} ${server}`;
  if (name && name !== 'in-cluster') return `there are no clusters with this name: ${name}`;
  return undefined;
}

function errorMessage(errors: ReadonlyMap<string, string>): string | undefined {
  if (errors.size === 0) return undefined;
  const names = [...errors.keys()].sort();
  const last = errors.get(names[names.length - 1]) as string;
  return errors.size > 1 ? `${last} (and ${errors.size - 1} more)` : last;
}

/** Whether an app may be written: valid apps are created even when others are not (TestReconcilerValidationProjectErrorBehaviour). */
export function isValidApplication(result: ValidationResult, app: KubeObject): boolean {
  return !result.errors.has(app.metadata.name ?? '');
}
