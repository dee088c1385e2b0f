import { describe, expect, it } from 'vitest';
import { findLongElementList } from './longElementLists';
import { parseManifests } from './manifests';

const appSet = (elements: string, kind = 'ApplicationSet') => `apiVersion: argoproj.io/v1alpha1
kind: ${kind}
metadata:
  name: many
  namespace: argocd
spec:
  generators:
    - list:
        elements:
${elements}
  template:
    metadata:
      name: '{{name}}'
`;
const items = (n: number, indent = '          ') =>
  Array.from({ length: n }, (_, i) => `${indent}- name: app-${i}\n${indent}  url: https://x`).join('\n');

describe('an ApplicationSet list of 100,000 elements is refused before it is parsed (issue 31)', () => {
  it('names the count and the limit at the `elements:` key, before reading the YAML (a syntax error after it is not reached)', () => {
    const oneLine = Array.from({ length: 100_000 }, (_, i) => `          - name: app-${i}`).join('\n');
    const text = `${appSet(oneLine)}  broken: [\n`;
    expect(() => parseManifests(text, 'set.yaml')).toThrow(
      'set.yaml:9:9: ApplicationSet list generator: 100000 list elements is over the limit of 200 Applications in one run (each element is an Application); refused before reading them',
    );
  });

  it("counts items, not their lines, in a list at the key's own indentation too, and lets 200 through", () => {
    expect(findLongElementList(appSet(items(200)), 200)).toBeNull();
    expect(findLongElementList(appSet(items(201, '        ')), 200)).toEqual({
      count: 201,
      line: 9,
      column: 9,
    });
  });

  it('reads an `elements:` list in another kind (a ConfigMap) as any other text', () => {
    expect(findLongElementList(appSet(items(300), 'ConfigMap'), 200)).toBeNull();
    expect(findLongElementList(`kind: ConfigMap\n---\n${appSet(items(300))}`, 200)).toMatchObject({
      count: 300,
    });
  });
});
