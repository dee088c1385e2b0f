import { describe, expect, it } from 'vitest';
import { toggleState } from './toggleState';

const migration = { id: 'migration', label: 'Make the migration fail', fail: 'job/checkout-migrate' };

describe('toggleState: a failure switch says what the run does', () => {
  it('failing-migration: the migration fails by its own script, so the switch is ticked, fixed, and says why', () => {
    expect(toggleState(migration, false, 'Job/checkout-migrate')).toEqual({
      checked: true,
      disabled: true,
      note: "Job/checkout-migrate fails in this revision's own manifests; edit them to make it pass.",
    });
  });

  it('a switch that decides the failure itself, or another task failing, stays a plain switch', () => {
    expect(toggleState(migration, true, 'Job/checkout-migrate')).toMatchObject({
      checked: true,
      disabled: false,
    });
    expect(toggleState(migration, false, 'Job/checkout-smoke-test')).toMatchObject({
      checked: false,
      disabled: false,
    });
    expect(toggleState(migration, false, undefined)).toMatchObject({ checked: false, disabled: false });
  });
});
