import { describe, expect, test } from 'vitest';
import { rowLabel } from './rowLabel';
import { textWidth } from './text';

describe('rowLabel (a resource row’s label in the room its column has)', () => {
  test('keeps Kind/name whole in a column where every label fits', () => {
    expect(rowLabel('Deployment', 'checkout-api', 400, 12, 'whole')).toBe('Deployment/checkout-api');
  });

  test('names every kind of a short column by kubectl’s short name, which keeps the names whole (a phone’s 150 px)', () => {
    // A phone's column: 19 characters of 12 px type, where `Deployment/checkout-api` was cut to 18 and an ellipsis.
    const room = textWidth('deploy/checkout-api', 12);
    const refs = [
      { kind: 'Namespace', name: 'three-tier' },
      { kind: 'Service', name: 'checkout' },
      { kind: 'Deployment', name: 'checkout-api' },
    ];
    expect(refs.map(({ kind, name }) => rowLabel(kind, name, room, 12, 'short'))).toEqual([
      'ns/three-tier',
      'svc/checkout',
      'deploy/checkout-api',
    ]);
    expect(rowLabel('ConfigMap', 'checkout-config', room, 12, 'short')).toBe('cm/checkout-config');
  });

  test('cuts with an ellipsis when even the short name does not fit, and a kind with none stays whole', () => {
    expect(rowLabel('Deployment', 'a-very-long-deployment-name', 100, 12, 'short')).toBe('deploy/a-ver…');
    // Job has no short name in kubectl: its label is cut as before.
    expect(rowLabel('Job', 'checkout-migrate', 100, 12, 'short')).toBe('Job/checkout…');
    expect(rowLabel('Job', 'migrate', 100, 12, 'short')).toBe('Job/migrate');
  });
});
