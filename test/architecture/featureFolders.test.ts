import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importGraph } from './importGraph';

/**
 * The page's features (docs/style.md §4, "The page's two rules"): each is one folder of src/ui, and it imports no
 * other feature; only the outline (src/ui/page) composes them. Lint enforces the rule file by file
 * (`layers/feature-imports` in eslint.config.js); this reads the whole graph, so a rule switched off in a file or a
 * debt paid off but still listed shows here.
 */
const outline = 'page';
const shared = new Set(['shell', 'styles']);

/** The rule's list of imports across features still standing, as eslint.config.js writes it. */
function knownDebts(): string[] {
  const config = readFileSync('eslint.config.js', 'utf8');
  const list = /'layers\/feature-imports'[\s\S]*?known: \[([\s\S]*?)\]/.exec(config);
  return [...(list?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

const featureOf = (path: string) => /^src\/ui\/([^/]+)\//.exec(path)?.[1];

/** Every import from one feature into another, as `from -> to` relative to src/ui, targets without `.ts`. */
function crossFeatureImports(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (from === undefined || from === outline) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (to === undefined || to === from || to === outline || shared.has(to)) continue;
      out.push(`${file.slice('src/ui/'.length)} -> ${target.slice('src/ui/'.length).replace(/\.ts$/, '')}`);
    }
  }
  return out.sort();
}

describe('the page is one folder per feature', () => {
  const graph = importGraph('src/ui');

  it('has no second tree of page models: src/pageModel is gone', () => {
    expect(existsSync('src/pageModel')).toBe(false);
  });

  it('no feature imports another beyond the debts the lint rule lists, and every listed debt still stands', () => {
    const known = knownDebts().map((pair) => pair.replace(/\.ts$/, ''));
    expect(known.length).toBeGreaterThan(0);
    expect(crossFeatureImports(graph)).toEqual([...known].sort());
  });

  it('finds an import across features (the check itself can fail)', () => {
    const made = new Map([
      ['src/ui/stack/StackView.svelte', ['src/ui/status/StatusPanel.svelte', 'src/ui/shell/Panel.svelte']],
      ['src/ui/page/App.svelte', ['src/ui/stack/StackView.svelte']],
    ]);
    expect(crossFeatureImports(made)).toEqual(['stack/StackView.svelte -> status/StatusPanel.svelte']);
  });
});
