import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

/** What parseScenario says of a text, or '' when it loads. */
const refusal = (text: string) => {
  try {
    parseScenario(text, 's.yaml');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

const single = `title: t
app: { name: web, namespace: shop }
options: { waveDelay: 2 }
story:
  - { title: Start, text: go, at: 0 }
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: c }
expect:
  operationPhase: Succeeded
`;

describe('a scenario key no reader reads is refused at its place, with the nearest known key', () => {
  it('refuses a misspelt top-level field (expectt:) at its line and column, suggesting expect', () => {
    expect(refusal(single.replace('expect:', 'expectt:'))).toBe(
      's.yaml:12:1: "expectt" is not a field of a scenario (did you mean expect? the fields are title, summary, app, options, toggles, fail, story, punchline, revisions, expect)',
    );
  });

  it('refuses punchlin: with a suggestion, and a key with nothing close without one', () => {
    expect(refusal(single + 'punchlin: { at: 1, caption: c }\n')).toMatch(
      /^s\.yaml:14:1: "punchlin" is not a field of a scenario \(did you mean punchline\?/,
    );
    expect(refusal(single + 'colour: blue\n')).toMatch(
      /^s\.yaml:14:1: "colour" is not a field of a scenario \(the fields are title,/,
    );
  });

  it('refuses a misspelt key inside app, options, a story beat and a revision', () => {
    expect(refusal(single.replace('namespace: shop', 'namspace: shop'))).toMatch(
      /^s\.yaml:2:19: "namspace" is not a field of app \(did you mean namespace\?/,
    );
    expect(refusal(single.replace('waveDelay: 2', 'wavedelay: 2'))).toMatch(
      /^s\.yaml:3:12: "wavedelay" is not a field of options \(did you mean waveDelay\?/,
    );
    expect(refusal(single.replace('text: go', 'txt: go'))).toMatch(
      /^s\.yaml:5:21: "txt" is not a field of story\[0\] \(did you mean text\?/,
    );
    expect(refusal(single.replace('    manifests: |', '    manifest: |'))).toMatch(
      /^s\.yaml:8:5: "manifest" is not a field of revisions\[0\] \(did you mean manifests\?/,
    );
  });

  it('refuses a platform scenario field that only a single Application reads (app:, options.prune)', () => {
    const text = readFileSync('scenarios/hooks-skipped.yaml', 'utf8');
    expect(refusal(text.replace('options:\n', 'options:\n  prune: true\n'))).toMatch(
      /^s\.yaml:\d+:3: "prune" is not a field of options \(the fields are waveDelay, seed, until\)/,
    );
    expect(refusal(text + 'app: { name: checkout }\n')).toMatch(/"app" is not a field of a scenario/);
  });

  it("refuses a misspelt key in a platform scenario's action, suggesting the one it meant", () => {
    const text = readFileSync('scenarios/hooks-skipped.yaml', 'utf8');
    const typo = text.replace('revision: "6.7.2" }', 'revison: "6.7.2" }');
    expect(typo).not.toBe(text);
    expect(refusal(typo)).toMatch(
      /^s\.yaml:\d+:\d+: "revison" is not a field of actions\[2\] \(did you mean revision\?/,
    );
  });

  it('loads every shipped scenario', () => {
    const files = readdirSync('scenarios').filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) expect(refusal(readFileSync(`scenarios/${f}`, 'utf8')), f).toBe('');
  });
});
