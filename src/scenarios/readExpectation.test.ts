import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';

const single = (expectBlock: string) => `title: t
revisions:
  - name: v1
    manifests: |
      apiVersion: v1
      kind: ConfigMap
      metadata: { name: c }
expect:
${expectBlock}`;

const refusal = (text: string) => {
  try {
    parseScenario(text, 's.yaml');
    return '';
  } catch (error) {
    return String(error);
  }
};

describe('a scenario file expect: block (test/scenarios.test.ts cannot pass on a dropped key)', () => {
  it('reads every known key with its type', () => {
    const s = parseScenario(
      single(`  operationPhase: Failed
  operationMessage: one or more synchronization tasks completed unsuccessfully
  syncStatus: OutOfSync
  health: Healthy
  images: { Deployment/x: nginx:1.27 }
  logs: { Job/y: 503 }
  exists: [Job/y]
  gone: [Job/z]
`),
      's.yaml',
    );
    expect(s.expect).toEqual({
      operationPhase: 'Failed',
      operationMessage: 'one or more synchronization tasks completed unsuccessfully',
      syncStatus: 'OutOfSync',
      health: 'Healthy',
      images: { 'Deployment/x': 'nginx:1.27' },
      logs: { 'Job/y': '503' },
      exists: ['Job/y'],
      gone: ['Job/z'],
    });
  });

  it('refuses a misspelt key at its own line and column, naming the known ones', () => {
    const message = refusal(single('  operationPhase: Failed\n  opertionMessage: boom\n'));
    expect(message).toMatch(/s\.yaml:10:3: expect: unknown key "opertionMessage"/);
    expect(message).toContain('known: operationPhase, operationMessage');
  });

  it('refuses apps: in a single-app scenario, and a value of the wrong type', () => {
    expect(refusal(single('  apps: { a: { health: Healthy } }\n'))).toMatch(
      /s\.yaml:9:3: expect: unknown key "apps"/,
    );
    expect(refusal(single('  exists: Job/y\n'))).toMatch(/s\.yaml:9:11: expect\.exists must be a list/);
    expect(refusal(single('  health: [Healthy]\n'))).toMatch(/s\.yaml:9:11: expect\.health must be a string/);
  });
});
