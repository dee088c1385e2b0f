import { dirname, relative, resolve, sep } from 'node:path';

/**
 * An ESLint rule for the layers of src/ (docs/reference.md "How it fits together"): each top-level folder names the folders it
 * may import, and outside src/engine the engine is reached only through src/engine/index.ts. The import is
 * resolved against the importing file, so a subfolder that shares a top-level folder's name (src/ui/timeline,
 * src/pageModel/export) is never mistaken for it, as a glob over the import's text would be.
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

export const folderImportsPlugin = { rules: { 'folder-imports': folderImports } };
