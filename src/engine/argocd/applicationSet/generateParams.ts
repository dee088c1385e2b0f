/**
 * An ApplicationSet's generators, each to its parameter sets (applicationset/generators/, argocd-semantics.md §5.1,
 * §5.13): `list` (listGenerator.ts), `clusters` (clusterGenerator.ts), `git` directories
 * (gitGenerator.ts) and files (gitFilesGenerator.ts), `matrix` and `merge` (nestedGenerators.ts). The sets of all generators are
 * concatenated in order (applicationset_controller.go `generateApplications`). A generator the sandbox does not
 * simulate is refused by name rather than generating nothing.
 */
import type { JsonAny, KubeObject } from '../../types';
import type { RepoFileContent } from '../repository';
import { clusterParams } from './clusterGenerator';
import { listParams, type GeneratorResult } from './listGenerator';
import { gitParams } from './gitGenerator';
import { matrixParams, mergeParams } from './nestedGenerators';

export type { GeneratorResult } from './listGenerator';

/** What generators read besides their own spec. */
export interface GeneratorContext {
  /** The Secrets in `argocd` (the cluster generator picks the cluster Secrets among them). */
  secrets?: readonly KubeObject[];
  goTemplateOptions?: readonly string[];
  /** The repository's file paths at its current revision (the git generator's directories). */
  repoPaths?: readonly string[];
  /** One file of the repository at its current revision, decoded (the git generator's files form). */
  repoFile?: (path: string) => RepoFileContent | undefined;
}

/** Generators Argo CD knows. */
const knownGenerators = [
  'list',
  'clusters',
  'git',
  'scmProvider',
  'clusterDecisionResource',
  'pullRequest',
  'matrix',
  'merge',
  'plugin',
];

export function generateParams(
  generators: JsonAny,
  goTemplate: boolean,
  context: GeneratorContext = {},
): GeneratorResult {
  if (!Array.isArray(generators) || generators.length === 0) {
    return { ok: false, error: 'ApplicationSet has no generators' };
  }
  const all: Record<string, JsonAny>[] = [];
  for (const generator of generators as JsonAny[]) {
    const result = generateOne(generator, goTemplate, context);
    if (!result.ok) return result;
    all.push(...result.params);
  }
  return { ok: true, params: all };
}

/** One generator's parameter sets. */
export function generateOne(
  generator: JsonAny,
  goTemplate: boolean,
  context: GeneratorContext,
): GeneratorResult {
  const kinds = Object.keys(generator ?? {}).filter((key) => key !== 'selector');
  const kind = kinds[0];
  if (kind === 'list') return listParams(generator, goTemplate);
  if (kind === 'clusters')
    return clusterParams(generator.clusters, context.secrets ?? [], goTemplate, context.goTemplateOptions);
  if (kind === 'git')
    return gitParams(
      generator.git,
      context.repoPaths ?? [],
      goTemplate,
      context.goTemplateOptions,
      context.repoFile,
    );
  const child = (nested: JsonAny) => generateOne(nested, goTemplate, context);
  if (kind === 'matrix') return matrixParams(generator.matrix, goTemplate, context.goTemplateOptions, child);
  if (kind === 'merge') return mergeParams(generator.merge, goTemplate, child);
  const known = knownGenerators.includes(kind);
  return {
    ok: false,
    error: known
      ? `the ${kind} generator is not supported by the simulator; only the list, clusters, git, matrix and merge generators are`
      : `unrecognized generator: ${kind ?? '(empty)'}`,
  };
}
