import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

const scenario = (options: string) => `title: t
options: ${options}
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: c }
`;

describe('parseScenario options.until', () => {
  it('keeps the limit a stuck scenario sets, and leaves it unset otherwise', () => {
    expect(parseScenario(scenario('{ until: 120 }'), 's.yaml').options.until).toBe(120);
    expect(parseScenario(scenario('{ seed: 2 }'), 's.yaml').options).not.toHaveProperty('until');
  });

  it('rejects a limit that is not a positive number, naming the file, line and column', () => {
    expect(() => parseScenario(scenario('{ until: soon }'), 's.yaml')).toThrow(
      expect.objectContaining({
        message: expect.stringContaining('options.until must be a number of seconds > 0'),
      }),
    );
    try {
      parseScenario(scenario('{ until: 0 }'), 's.yaml');
      expect.unreachable('until: 0 is bad input');
    } catch (error) {
      expect(String(error)).toMatch(/s\.yaml:2:10/);
    }
  });
});

describe('parseScenario duplicate keys (issue 10: read leniently, with a warning at the scenario file line)', () => {
  it('keeps the last value, as Argo CD does, and names the line and column in the scenario file', () => {
    const text = `title: t
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: c
      data:
        mode: first
        mode: last
`;
    const parsed = parseScenario(text, 'scenarios/dup.yaml');
    expect(parsed.revisions[0].objects[0].object.data).toEqual({ mode: 'last' });
    expect(parsed.warnings).toEqual([
      'scenarios/dup.yaml:11:9: duplicate key "mode": the last value is used, as Argo CD does',
    ]);
  });

  it('has no warnings for a clean scenario', () => {
    expect(parseScenario(scenario('{ seed: 2 }'), 's.yaml').warnings).toEqual([]);
  });
});
