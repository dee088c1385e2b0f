import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';
import { folderImportsPlugin } from './scripts/eslintFolderImports.js';

// The import direction of style.md §4, enforced: the engine is pure (no UI, drawing, parsing or DOM code,
// types included); the timeline never reaches into Svelte or the UI; the UI reaches the engine only through
// its public index.
const engineRestrictions = {
  patterns: [
    { group: ['svelte', 'svelte/*', '*.svelte'], message: 'The engine is pure: no Svelte.' },
    { group: ['d3', 'd3-*'], message: 'The engine is pure: no d3.' },
    { group: ['yaml'], message: 'The engine is pure: YAML is parsed in src/scenarios.' },
    {
      group: ['**/ui/**', '**/timeline/**', '**/scenarios/**', '**/cli/**'],
      message: 'The engine imports nothing outside src/engine.',
    },
    { group: ['node:*'], message: 'The engine runs in the browser too: no Node modules.' },
  ],
};

// The layers of src/, lowest first (docs/reference.md "How it fits together"): each top-level folder and the folders it may
// import. No folder is imported by one it imports (test/architecture/importCycles.test.ts checks the graph too).
// Tests beside the modules (`*.test.ts`) may reach anything, as test/ and its kits (test/kits/) may (style.md §4).
const layers = {
  engine: [],
  lua: ['engine'],
  timeline: ['engine'],
  scenarios: ['engine', 'lua'],
  export: ['engine', 'scenarios'],
  ownApp: ['engine', 'scenarios'],
  // The link table (src/links): every URL parameter once, read by the build's preload, the page and its model.
  links: ['engine', 'scenarios'],
  build: ['links', 'scenarios'],
  cursor: ['engine', 'scenarios'],
  text: ['cursor', 'engine', 'scenarios'],
  // The recorder's frame drawer (frameDrawer.ts) draws the timeline at a moment of the run on a canvas.
  browser: ['cursor', 'engine', 'links', 'scenarios', 'timeline'],
  cli: ['engine', 'export', 'lua', 'scenarios', 'text'],
  ui: ['browser', 'cursor', 'engine', 'export', 'links', 'lua', 'ownApp', 'scenarios', 'text', 'timeline'],
};

// The UI reaches the engine only through its public index.
const uiEnginePattern = {
  group: ['**/engine/*/**', 'xstate'],
  message: 'The UI reaches the engine only through src/engine/index.ts and the session module.',
};

// The pure layers run in Node and in the worker as well as the page: no Svelte, no DOM. In src/ui purity goes by
// the kind of file, not its folder (style.md §4): a `.ts` that is not `.svelte.ts` is a feature's pure logic.
const pureRestrictions = (layer) => {
  const what = layer === 'ui' ? 'A .ts of src/ui that is not .svelte.ts' : `src/${layer}`;
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['svelte', 'svelte/*', '*.svelte'], message: `${what} is pure: no Svelte.` },
          { group: ['@codemirror/*'], message: `${what} is pure: the editor lives in src/browser.` },
          ...(layer === 'ui' ? [uiEnginePattern] : []),
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history'].map(
        (name) => ({
          name,
          message: `${what} is pure: the browser is reached from src/browser or a .svelte(.ts) file of src/ui.`,
        }),
      ),
    ],
  };
};

export default ts.config(
  { ignores: ['node_modules', 'dist', 'dist-single', 'test-results', 'test/output', '.scratch'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    // No `projectService`: no rule in this config reads types (none is `requiresTypeChecking`), and the TypeScript
    // program it built for the Svelte files was most of the lint's time (src/ui: 48 CPU seconds with it, 16 without;
    // the whole lint 75 with it); the type checks are `npm run check`'s.
    languageOptions: {
      parserOptions: {
        extraFileExtensions: ['.svelte'],
        parser: ts.parser,
        svelteConfig,
      },
    },
  },
  {
    // Tests beside engine code may read fixtures from disk and parse YAML (style.md §4: test/ → anything).
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', engineRestrictions],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'setTimeout',
        'setInterval',
        'requestAnimationFrame',
        'performance',
        'process',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time is injected: use the SimClock.' },
        { object: 'Math', property: 'random', message: 'Randomness is seeded: use the Rng.' },
      ],
    },
  },
  {
    // Tests beside the drawings may build their input with the page's model, as every test may (style.md §4).
    files: ['src/timeline/**/*.ts'],
    ignores: ['src/timeline/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['svelte', 'svelte/*', '**/ui/**'], message: 'The timeline is drawn without Svelte.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.ts', 'src/ui/**/*.svelte'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [uiEnginePattern],
        },
      ],
    },
  },
  {
    plugins: { layers: folderImportsPlugin },
  },
  ...Object.entries(layers).map(([layer, allow]) => ({
    files: [`src/${layer}/**/*.ts`, `src/${layer}/**/*.svelte`],
    ignores: ['**/*.test.ts'],
    rules: { 'layers/folder-imports': ['error', { allow }] },
  })),
  {
    files: ['src/main.ts'],
    rules: { 'layers/folder-imports': ['error', { allow: ['links', 'scenarios', 'ui'] }] },
  },
  ...['cursor', 'links', 'text', 'ui'].map((layer) => ({
    files: [`src/${layer}/**/*.ts`],
    ignores: [`src/${layer}/**/*.test.ts`, `src/${layer}/**/*.svelte.ts`, `src/${layer}/**/*.d.ts`],
    rules: pureRestrictions(layer),
  })),
  {
    // A feature of src/ui is one folder; it imports no other feature, only the outline (page/), the shared
    // primitives (shell/, styles/) and the shared folders of src (style.md §4). The page's outline alone composes
    // features.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.svelte'],
    ignores: ['**/*.test.ts'],
    rules: {
      'layers/feature-imports': [
        'error',
        {
          outline: 'page',
          shared: ['shell', 'styles'],
          // Imports across features that the move into feature folders left standing, each to be taken apart.
          known: [
            'compare/CompareView.svelte -> presenter/BlankScreen.svelte',
            'predict/predictBeats.ts -> explain/runSummary.ts',
            'presenter/PresenterParts.svelte -> platform/appLaneInputs.ts',
            'result/ResultTable.svelte -> logs/logView.svelte.ts',
            'stack/StackView.svelte -> logs/logView.svelte.ts',
          ],
        },
      ],
    },
  },
);
