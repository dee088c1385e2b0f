import { describe, expect, it } from 'vitest';
import { persistedApplicationStatus, type ApplicationStatusEntry } from './applicationStatus';

/** applicationset/controllers/applicationset_controller_test.go `TestSetApplicationSetApplicationStatus`. */
const healthy = (application: string): ApplicationStatusEntry => ({
  application,
  message: 'testing SetApplicationSetApplicationStatus to Healthy',
  status: 'Healthy',
  step: '1',
  lastTransitionTime: '2026-01-01T00:00:00Z',
});

describe('TestSetApplicationSetApplicationStatus', () => {
  it('TestSetApplicationSetApplicationStatus: sets a single appstatus', () => {
    expect(persistedApplicationStatus([healthy('app1')])).toEqual([healthy('app1')]);
  });

  it('TestSetApplicationSetApplicationStatus: order appstatus by name', () => {
    expect(persistedApplicationStatus([healthy('app2'), healthy('app1')])).toEqual([
      healthy('app1'),
      healthy('app2'),
    ]);
  });

  it('TestSetApplicationSetApplicationStatus: removes an appstatus (the field is left out)', () => {
    expect(persistedApplicationStatus([])).toBeUndefined();
  });
});
