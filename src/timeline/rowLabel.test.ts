import { describe, expect, test } from 'vitest';
import { rowLabel } from './rowLabel';
import { textWidth } from './text';

describe('rowLabel (a resource row’s label in the room its column has)', () => {
  test('keeps Kind/name whole when it fits', () => {
    expect(rowLabel('Deployment', 'checkout-api', 400, 12)).toBe('Deployment/checkout-api');
  });

  test('names the kind as kubectl’s short name when that keeps the name whole (a phone’s 150 px column)', () => {
    // A phone's column: 19 characters of 12 px type, where `Deployment/checkout-api` was cut to 18 and an ellipsis.
    const room = textWidth('deploy/checkout-api', 12);
    expect(rowLabel('Namespace', 'three-tier', room, 12)).toBe('ns/three-tier');
    expect(rowLabel('Deployment', 'checkout-api', room, 12)).toBe('deploy/checkout-api');
    expect(rowLabel('ConfigMap', 'checkout-config', room, 12)).toBe('cm/checkout-config');
  });

  test('cuts with an ellipsis when even the short name does not fit, and a kind with none stays whole', () => {
    expect(rowLabel('Deployment', 'a-very-long-deployment-name', 100, 12)).toBe('deploy/a-ver…');
    // Job has no short name in kubectl: its label is cut as before.
    expect(rowLabel('Job', 'checkout-migrate', 100, 12)).toBe('Job/checkout…');
  });
});
