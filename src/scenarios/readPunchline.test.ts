import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

/** A one-revision scenario with the given `punchline:` block (lines 2 on). */
const scenario = (punchline: string) => `title: t
${punchline}
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: c }
`;

const refusal = (text: string): string => {
  try {
    parseScenario(text, 's.yaml');
    return '';
  } catch (error) {
    return String(error);
  }
};

describe('a scenario punchline (issue 30): the moment a link with punchline=1 opens on, with one caption', () => {
  it('reads seconds or a story beat anchor, and the caption as written', () => {
    const timed = parseScenario(scenario('punchline: { at: 12.5, caption: The sync waits. }'), 's.yaml');
    expect(timed.punchline).toEqual({ at: 12.5, caption: 'The sync waits.' });
    const anchored = parseScenario(
      scenario(
        'punchline:\n  at: { operation: Failed }\n  caption: The sync Failed while the app is Healthy.',
      ),
      's.yaml',
    );
    expect(anchored.punchline).toEqual({
      at: { operation: 'Failed' },
      caption: 'The sync Failed while the app is Healthy.',
    });
  });

  it('is optional for a file a user drops or writes: the scenario reads without one', () => {
    expect(parseScenario(scenario('fail: []'), 's.yaml')).not.toHaveProperty('punchline');
  });

  it('refuses an anchor of no known form, at the line and column of its at:', () => {
    expect(refusal(scenario('punchline:\n  at: { operation: Done }\n  caption: x'))).toMatch(
      /s\.yaml:3:7: punchline\.at\.operation must be one of Running, Terminating, Failed, Error, Succeeded/,
    );
  });

  it('refuses a punchline without at:, without a caption, or with a setting it does not have', () => {
    expect(refusal(scenario('punchline: { caption: x }'))).toMatch(/s\.yaml:2:12: punchline\.at is required/);
    expect(refusal(scenario('punchline: { at: 3 }'))).toMatch(
      /s\.yaml:2:12: punchline\.caption must be one sentence of text/,
    );
    expect(refusal(scenario('punchline: { at: 3, caption: x, title: y }'))).toMatch(
      /s\.yaml:2:40: punchline\.title is not a punchline setting \(one of: at, caption\)/,
    );
    expect(refusal(scenario('punchline: 3'))).toMatch(/s\.yaml:2:12: punchline must be a mapping/);
  });
});
