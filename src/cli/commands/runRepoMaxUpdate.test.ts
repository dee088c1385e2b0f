import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * A RollingSync step's `maxUpdate` is an int or a string (applicationset_types.go `MaxUpdate
 * *intstr.IntOrString`; the CRD's `x-kubernetes-int-or-string`); the API server refuses any other JSON type when the
 * set is applied, in apiextensions-apiserver's words (validation_test.go `TestValidateCustomResource`,
 * "x-kubernetes-int-or-string"). Each refusal points at the value.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'test/fixtures/platform-stack';
const file = `${fixtures}/max-update-1.yaml`;
const text = readFileSync(`${root}${file}`, 'utf8');

function withMaxUpdate(value: string) {
  const changed = text.replace('maxUpdate: 1\n', `maxUpdate: ${value}\n`);
  expect(changed).not.toBe(text);
  const lines = changed.split('\n');
  const line = lines.findIndex((l) => l.trim().startsWith('maxUpdate:')) + 1;
  const column = lines[line - 1].indexOf('maxUpdate:') + 'maxUpdate: '.length + 1;
  return {
    result: run(['--repo', `${fixtures}/repo`, file, '--progressive-syncs'], { [file]: changed }),
    line,
    column,
  };
}

describe('maxUpdate must be an integer or a string', () => {
  for (const [value, type] of [
    ['1.5', 'number'],
    ['true', 'boolean'],
    ['1e308', 'number'],
    ['[1]', 'array'],
    ['{a: 1}', 'object'],
  ]) {
    it(`refuses maxUpdate: ${value} as a JSON ${type}, at the value`, () => {
      const { result, line, column } = withMaxUpdate(value);
      const field = 'spec.strategy.rollingSync.steps[1].maxUpdate';
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `sim run: ${file}:${line}:${column}: ApplicationSet platform-stack: ${field}: Invalid value: "${type}": ${field} in body must be of type integer,string: "${type}"\n`,
      );
    });
  }

  for (const value of ['2', '"50%"', '0']) {
    it(`accepts maxUpdate: ${value}`, () => {
      expect(withMaxUpdate(value).result.code).toBe(0);
    });
  }
});
