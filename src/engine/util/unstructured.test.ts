import { describe, expect, it } from 'vitest';
import {
  nestedBool,
  nestedField,
  nestedMap,
  nestedNumber,
  nestedSlice,
  nestedString,
  nestedStringMap,
  nestedStringSlice,
} from './unstructured';

const deployment = {
  spec: {
    replicas: 3,
    paused: false,
    selector: { matchLabels: { app: 'web' } },
    template: { spec: { containers: [{ name: 'web', args: ['serve', '--port=80'] }] } },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } },
  },
  status: null,
};

// apimachinery's unstructured helpers_test.go (TestNestedFieldNoCopy and the typed getters): a value is found only
// along objects and only with the type asked for.
describe('typed readers of unstructured JSON, as apimachinery unstructured.Nested*', () => {
  it('follow the fields through nested objects', () => {
    expect(nestedNumber(deployment, 'spec', 'replicas')).toBe(3);
    expect(nestedBool(deployment, 'spec', 'paused')).toBe(false);
    expect(nestedString(deployment, 'spec', 'strategy', 'rollingUpdate', 'maxSurge')).toBe('25%');
    expect(nestedStringMap(deployment, 'spec', 'selector', 'matchLabels')).toEqual({ app: 'web' });
    expect(nestedSlice(deployment, 'spec', 'template', 'spec', 'containers')).toHaveLength(1);
    expect(nestedMap(deployment, 'spec', 'strategy')).toMatchObject({ type: 'RollingUpdate' });
    expect(nestedField(deployment, 'status')).toBeNull();
  });

  it('give undefined for a missing field, a field of another type, or a path through a non-object', () => {
    expect(nestedNumber(deployment, 'spec', 'minReadySeconds')).toBeUndefined();
    expect(nestedString(deployment, 'spec', 'replicas')).toBeUndefined();
    expect(nestedNumber(deployment, 'status', 'replicas')).toBeUndefined();
    expect(nestedString(deployment, 'spec', 'template', 'spec', 'containers', '0')).toBeUndefined();
    expect(nestedMap(deployment, 'spec', 'template', 'spec', 'containers')).toBeUndefined();
    expect(nestedStringSlice({ args: ['a', 1] }, 'args')).toBeUndefined();
    expect(nestedStringMap({ labels: { a: 1 } }, 'labels')).toBeUndefined();
    expect(nestedField(undefined, 'spec')).toBeUndefined();
  });

  it("never reads an object's prototype: a field named constructor is not found", () => {
    expect(nestedField({}, 'constructor')).toBeUndefined();
    expect(nestedField({ spec: {} }, 'spec', 'toString')).toBeUndefined();
  });
});
