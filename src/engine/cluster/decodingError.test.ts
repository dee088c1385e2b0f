import { describe, expect, it } from 'vitest';
import { decodingProblem } from './decodingError';

// The API server's decoding error for a wrongly typed field (e2e app_management_test.go TestSyncOptionValidateFalse:
// "cannot be handled as a Deployment").
describe('decodingProblem', () => {
  const deployment = (containers: unknown[]) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas: 2, template: { spec: { containers } } },
  });

  it('names the first wrongly typed field, list indexes in its path, in the API server’s words', () => {
    const problem = decodingProblem(
      deployment([
        { name: 'a', ports: [{ containerPort: 80 }] },
        { name: 'b', ports: [{ containerPort: 81 }, { containerPort: '82' }, { containerPort: 'x' }] },
      ]),
    );
    expect(problem).toEqual({
      path: ['spec', 'template', 'spec', 'containers', 1, 'ports', 1, 'containerPort'],
      message:
        'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go ' +
        'struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    });
  });

  it('says nothing of well typed fields, absent ones, or a kind named after an Object property', () => {
    expect(decodingProblem(deployment([{ name: 'a', ports: [{ containerPort: 80 }] }, { name: 'b' }]))).toBe(
      undefined,
    );
    expect(
      decodingProblem({ apiVersion: 'example.com/v1', kind: 'constructor', metadata: { name: 'x' } }),
    ).toBe(undefined);
  });
});
