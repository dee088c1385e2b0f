import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../engine';
import { generateParams } from '../engine/argocd/applicationSet/generateParams';
import { clone } from '../engine/util/clone';
import { runSimOnDisk } from '../../test/kits/runSim.testKit';

/**
 * Keys and words from the input met plain-object tables. `__proto__` in a ConfigMap's data (a valid key)
 * was dropped without a word, and an API group or kind named like an Object method crashed the reader.
 */
function runJson(manifest: string) {
  const result = runSimOnDisk(['in.yaml', '--json'], { 'in.yaml': manifest });
  return {
    ...result,
    json: result.code === 0 ? (JSON.parse(result.stdout) as { live: JsonAny[] }) : undefined,
  };
}

describe('keys named like Object properties are kept', () => {
  it('keeps `__proto__`, `constructor` and `toString` keys of a ConfigMap data and labels in the live object', () => {
    const { json, stderr } = runJson(
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: proto\n  labels: {constructor: y}\n' +
        'data:\n  __proto__: d\n  toString: e\n',
    );
    expect(stderr).toBe('');
    const cm = json!.live.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'proto');
    // A literal `{ __proto__: … }` would set a prototype, so the expected data is parsed as JSON is.
    expect(cm.data).toEqual(JSON.parse('{"__proto__": "d", "toString": "e"}'));
    expect(Object.keys(cm.data)).toEqual(['__proto__', 'toString']);
    expect(cm.metadata.labels).toEqual({ constructor: 'y' });
  });

  it('a `__proto__` label reaches the API server, which refuses it in its own words', () => {
    const result = runSimOnDisk(['in.yaml'], {
      'in.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: proto\n  labels:\n    __proto__: x\n',
    });
    expect(result.stdout).toContain('metadata.labels: Invalid value: "__proto__": name part must consist of');
  });

  it('clone keeps an own `__proto__` key and does not change the prototype', () => {
    const copy = clone(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as JsonAny);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('a list element key `__proto__` is a parameter of the fasttemplate form', () => {
    const result = generateParams(
      JSON.parse('[{"list": {"elements": [{"__proto__": "x"}]}}]') as JsonAny,
      false,
    );
    expect(result.ok && Object.keys(result.params[0])).toEqual(['__proto__']);
  });

  for (const group of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    it(`an API group named ${group} is a custom resource's, not a crash of the reader`, () => {
      const result = runSimOnDisk(['in.yaml'], {
        'in.yaml': `apiVersion: ${group}/v1\nkind: Foo\nmetadata:\n  name: x\n`,
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`The Kubernetes API could not find ${group}/Foo`);
    });
  }

  for (const kind of ['constructor', 'toString', 'valueOf']) {
    it(`a custom kind named ${kind} is named like any other (a DNS-1123 subdomain)`, () => {
      const result = runSimOnDisk(['in.yaml'], {
        'in.yaml': `apiVersion: example.com/v1\nkind: ${kind}\nmetadata:\n  name: x\n`,
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`The Kubernetes API could not find example.com/${kind}`);
    });
  }
});
