import { dirname, relative, resolve, sep } from 'node:path';

/**
 * An ESLint rule for the layers of src/ (docs/reference.md "How it fits together"): each top-level folder names the folders it
 * may import, and outside src/engine the engine is reached only through src/engine/index.ts. The import is
 * resolved against the importing file, so a subfolder that shares a top-level folder's name (src/ui/timeline,
 * src/ui/export) is never mistaken for it, as a glob over the import's text would be.
 */
const root = resolve(import.meta.dirname, '..');
const src = resolve(root, 'src');

/** The top-level folder of src/ a path is in (`engine`, `ui`…), or `main.ts`-like files as themselves. */
function topFolder(path) {
  const rel = relative(src, path);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

/** @type {import('eslint').Rule.RuleModule} */
const folderImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A top-level folder of src/ imports only the folders it is allowed to.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        required: ['allow'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const from = topFolder(file);
    const allow = new Set(context.options[0].allow);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec.split('?')[0]);
      const to = topFolder(target);
      if (to === undefined || to === from) return;
      if (to === 'engine' && allow.has('engine')) {
        const inside = relative(resolve(src, 'engine'), target);
        if (inside !== '' && inside !== 'index' && inside !== 'index.ts')
          context.report({
            node,
            message: `Outside src/engine, import the engine only through src/engine/index.ts (not engine/${inside}).`,
          });
        return;
      }
      if (!allow.has(to))
        context.report({
          node,
          message: `src/${from} may import only ${[...allow].map((f) => `src/${f}`).join(', ') || 'nothing outside itself'}; not src/${to}.`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

const ui = resolve(src, 'ui');

/** The folder of src/ui a path is in (`compare`, `page`…), or undefined outside src/ui or for a file at its top. */
function uiFolder(path) {
  const rel = relative(ui, path);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/**
 * An ESLint rule for the features of src/ui (style.md §4): a feature is one folder, and it imports no other feature;
 * only the page's outline and the shared folders may be imported. The outline imports any feature, and a shared
 * folder imports no feature.
 * @type {import('eslint').Rule.RuleModule}
 */
const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature of src/ui imports no other feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          outline: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
          known: { type: 'array', items: { type: 'string' } },
        },
        required: ['outline', 'shared'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const from = uiFolder(file);
    const { outline, shared } = context.options[0];
    // A pair is written as the import resolves: the target without `.ts`, as `./logView.svelte` names logView.svelte.ts.
    const known = new Set((context.options[0].known ?? []).map((pair) => pair.replace(/\.ts$/, '')));
    if (from === undefined || from === outline) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec.split('?')[0]);
      const to = uiFolder(target);
      if (to === undefined || to === from || to === outline || shared.includes(to)) return;
      const pair = `${relative(ui, file).split(sep).join('/')} -> ${relative(ui, target).split(sep).join('/')}`;
      if (known.has(pair)) return;
      const what = shared.includes(from) ? `src/ui/${from} is shared` : `src/ui/${from} is a feature`;
      context.report({
        node,
        message: `${what}: it imports no feature (not src/ui/${to}); only src/ui/${outline} composes features, and what several share goes to a shared folder.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const folderImportsPlugin = {
  rules: { 'folder-imports': folderImports, 'feature-imports': featureImports },
};
