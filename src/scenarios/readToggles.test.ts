import { describe, expect, it } from 'vitest';
import { readToggles } from './readToggles';

const refuse = (message: string): never => {
  throw new Error(message);
};

describe('readToggles', () => {
  it("reads a failure toggle as the page's switch, its label defaulting to its id", () => {
    expect(readToggles([{ id: 'migration-fails', fail: 'job/checkout-migrate' }], [], refuse)).toEqual([
      { id: 'migration-fails', label: 'migration-fails', fail: 'job/checkout-migrate' },
    ]);
  });

  it('refuses a toggle with neither a fail target nor annotations, and a key no toggle has, by index', () => {
    expect(() => readToggles([{ id: 'x' }], [], refuse)).toThrow(
      'toggles[0] needs an id and a fail target like job/name, or annotate: { Kind/name: { key: value } }',
    );
    expect(() =>
      readToggles(
        [
          { id: 'x', fail: 'job/a' },
          { id: 'y', fail: 'job/b', fial: 1 },
        ],
        [],
        refuse,
      ),
    ).toThrow('toggles[1].fial is not a toggle setting here (one of: id, label, fail, annotate)');
  });
});
