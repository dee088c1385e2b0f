/**
 * Turns an ApplicationSet into the Applications it wants (argocd-semantics.md §5.1 "Generation";
 * applicationset/utils/utils.go `RenderTemplateParams`). Every string of `spec.template`, map keys included, is
 * rendered once per parameter set; the result gets the set's namespace, the resources finalizer when the template
 * has none, and a controller ownerReference to the set. Apps come back in name order, the order they are written.
 */
import type { JsonAny, KubeObject } from '../../types';
import { RESOURCES_FINALIZER } from '../applicationDeletion';
import { goTemplateOptionsFrom, renderGoTemplate, type GoTemplateOptions } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';
import { generateParams, type GeneratorContext } from './generateParams';
import { setOwn } from '../../util/setOwn';

// The one name of Argo CD's cascading finalizer, which applicationDeletion.ts acts on.
export { RESOURCES_FINALIZER };

/** A render failure: Argo CD's message, the condition reason, and the template field it came from. */
export interface RenderFailure {
  ok: false;
  error: string;
  reason: 'RenderTemplateParamsError' | 'ApplicationGenerationFromParamsError';
  /** Path inside the ApplicationSet (`['spec', 'template', 'spec', 'source', 'path']`), for file:line:column. */
  path: (string | number)[];
}

export type RenderApplicationsResult = { ok: true; applications: KubeObject[] } | RenderFailure;

class FieldError extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[],
  ) {
    super(message);
  }
}

/** `context`: what the generators read besides the set (the cluster Secrets, generateParams.ts). */
export function renderApplications(
  appSet: KubeObject,
  context: GeneratorContext = {},
): RenderApplicationsResult {
  const spec = appSet.spec ?? {};
  const goTemplate = spec.goTemplate === true;
  const generated = generateParams(spec.generators, goTemplate, {
    ...context,
    goTemplateOptions: spec.goTemplateOptions,
  });
  if (!generated.ok) {
    return {
      ok: false,
      error: generated.error,
      reason: 'ApplicationGenerationFromParamsError',
      path: ['spec', 'generators'],
    };
  }
  const options = goTemplateOptionsFrom(spec.goTemplateOptions);
  const template = spec.template ?? {};
  const applications: KubeObject[] = [];
  for (const params of generated.params) {
    // Argo CD returns the template untouched when a parameter set is empty (utils.go RenderTemplateParams), so
    // such an app gets no default finalizer either.
    if (Object.keys(params).length === 0) {
      applications.push(toApplication(appSet, structuredCopy(template), false));
      continue;
    }
    let rendered: JsonAny;
    try {
      rendered =
        Object.keys(params).length === 0
          ? structuredCopy(template)
          : renderValue(template, params, goTemplate, options, ['spec', 'template']);
    } catch (error) {
      if (error instanceof FieldError) {
        return { ok: false, error: error.message, reason: 'RenderTemplateParamsError', path: error.path };
      }
      throw error;
    }
    applications.push(toApplication(appSet, rendered, true));
  }
  applications.sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  return { ok: true, applications };
}

function renderString(
  text: string,
  params: Record<string, JsonAny>,
  goTemplate: boolean,
  options: GoTemplateOptions,
  path: (string | number)[],
): string {
  const result = goTemplate ? renderGoTemplate(text, params, options) : renderFastTemplate(text, params);
  if (!result.ok) throw new FieldError(result.error, path);
  return result.value;
}

function renderValue(
  value: JsonAny,
  params: Record<string, JsonAny>,
  goTemplate: boolean,
  options: GoTemplateOptions,
  path: (string | number)[],
): JsonAny {
  if (typeof value === 'string') return renderString(value, params, goTemplate, options, path);
  if (Array.isArray(value)) {
    return value.map((item, index) => renderValue(item, params, goTemplate, options, [...path, index]));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonAny> = {};
    for (const [key, item] of Object.entries(value as Record<string, JsonAny>)) {
      const renderedKey = renderString(key, params, goTemplate, options, [...path, key]);
      setOwn(out, renderedKey, renderValue(item, params, goTemplate, options, [...path, key]));
    }
    return out;
  }
  return value;
}

function structuredCopy(value: JsonAny): JsonAny {
  return value === undefined ? {} : JSON.parse(JSON.stringify(value));
}

function toApplication(appSet: KubeObject, rendered: JsonAny, addFinalizer: boolean): KubeObject {
  const metadata = { ...(rendered.metadata ?? {}) };
  metadata.namespace = appSet.metadata.namespace ?? 'argocd';
  const preserve = appSet.spec?.syncPolicy?.preserveResourcesOnDeletion === true;
  if (
    addFinalizer &&
    !preserve &&
    (!Array.isArray(metadata.finalizers) || metadata.finalizers.length === 0)
  ) {
    metadata.finalizers = [RESOURCES_FINALIZER];
  }
  metadata.ownerReferences = [
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      name: appSet.metadata.name ?? '',
      uid: appSet.metadata.uid ?? '',
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
  return { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata, spec: rendered.spec ?? {} };
}
