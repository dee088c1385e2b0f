import { describe, expect, it } from 'vitest';
import { ownAppScenario, type OwnFile } from './ownAppScenario';

const configMap = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

describe('ownAppScenario: the file and object limits apply while the app is read', () => {
  it('refuses 10,000 one-ConfigMap files (accepted before, past the 5,000-object limit), at the 5,001st file', () => {
    const files: OwnFile[] = Array.from({ length: 10_000 }, (_, i) => ({
      path: `cm${i}.yaml`,
      text: configMap(`cm${i}`),
    }));
    expect(() => ownAppScenario(files)).toThrow(
      'cm5000.yaml:1:1: 10,000 YAML and JSON files is over the limit of 5,000 files in one app',
    );
  });

  it('refuses the 5,001st object at its own file, line and column', () => {
    // 1,667 files of three ConfigMaps: the 5,001st object is the third of the last file, at line 11.
    const files: OwnFile[] = Array.from({ length: 1_667 }, (_, i) => ({
      path: `cm${i}.yaml`,
      text: [configMap(`a${i}`), configMap(`b${i}`), configMap(`c${i}`)].join('---\n'),
    }));
    expect(() => ownAppScenario(files)).toThrow(
      'cm1666.yaml:11:1: the app holds more than 5,000 objects, the limit of objects in one run',
    );
  });
});

describe('ownAppScenario: what Argo CD tolerates is said, not read silently (issue 31)', () => {
  it('a duplicate key is a warning of the run, with both lines: the last value is used, as Argo CD reads it', () => {
    const scenario = ownAppScenario([{ path: 'cm.yaml', text: `${configMap('a')}  name: b\n` }]);
    expect(scenario.revisions[0].objects[0].object.metadata.name).toBe('b');
    expect(scenario.warnings).toEqual([
      'cm.yaml:5:3: duplicate key "name" (first set 1 line above): the last value is used, as Argo CD does',
    ]);
  });
});
