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
      expect(String(error)).toMatch(/s\.yaml:2:19: options\.until/);
    }
  });
});

describe('parseScenario run settings (the bounds of sim run --wave-delay, --until and --seed)', () => {
  const refusal = (text: string) => {
    try {
      parseScenario(text, 's.yaml');
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    ['{ waveDelay: 1e15 }', 's.yaml:2:23: options.waveDelay must be a number of seconds from 0 to 86400'],
    ['{ waveDelay: .inf }', 's.yaml:2:23: options.waveDelay must be a number of seconds from 0 to 86400'],
    ['{ until: 86401 }', 's.yaml:2:19: options.until must be a number of seconds > 0, at most 86400'],
    ['{ seed: 1.7 }', 's.yaml:2:18: options.seed must be a whole number from 0 to 4294967295'],
    ['{ seed: -5 }', 's.yaml:2:18: options.seed must be a whole number from 0 to 4294967295'],
    ['{ seed: 1e20 }', 's.yaml:2:18: options.seed must be a whole number from 0 to 4294967295'],
  ])('refuses options %s at the value', (options, message) => {
    expect(refusal(scenario(options))).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    const options = parseScenario(
      scenario('{ waveDelay: 86400, until: 86400, seed: 4294967295 }'),
      's.yaml',
    ).options;
    expect(options).toMatchObject({ waveDelay: 86400, until: 86400, seed: 4294967295 });
  });

  it('refuses an Application name or destination namespace the API server refuses, at the value', () => {
    const withApp = (app: string) =>
      `title: t\napp: ${app}\n` + scenario('{}').split('\n').slice(2).join('\n');
    expect(refusal(withApp('{ name: Bad_Name!!, namespace: default }'))).toMatch(
      /^s\.yaml:2:14: app\.name: Invalid value: "Bad_Name!!": a lowercase RFC 1123 subdomain/,
    );
    expect(refusal(withApp('{ name: web, namespace: __proto__ }'))).toMatch(
      /^s\.yaml:2:30: app\.namespace: Invalid value: "__proto__": a lowercase RFC 1123 label/,
    );
    expect(refusal(withApp('{ name: web, namespace: shop }'))).toBe('');
  });
});

describe('parseScenario duplicate keys (read leniently, with a warning at the scenario file line)', () => {
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
      'scenarios/dup.yaml:11:9: duplicate key "mode" (first set 1 line above): the last value is used, as Argo CD does',
    ]);
  });

  it('has no warnings for a clean scenario', () => {
    expect(parseScenario(scenario('{ seed: 2 }'), 's.yaml').warnings).toEqual([]);
  });
});
