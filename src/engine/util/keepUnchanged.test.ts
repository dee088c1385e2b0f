import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './keepUnchanged';

describe('keepUnchanged', () => {
  it('gives back the old value when the fresh one is the same JSON', () => {
    const old = { conditions: [{ type: 'Ready', status: 'True' }], phase: 'Running' };
    expect(keepUnchanged(old, { conditions: [{ type: 'Ready', status: 'True' }], phase: 'Running' })).toBe(
      old,
    );
  });

  it('keeps the unchanged parts of a changed value and builds nothing new', () => {
    const old = {
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'False' },
      ],
      hostIPs: [{ ip: '172.18.0.2' }],
      phase: 'Pending',
    };
    const fresh = {
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
      ],
      hostIPs: [{ ip: '172.18.0.2' }],
      phase: 'Running',
    };
    const kept = keepUnchanged(old, fresh);
    expect(kept).toBe(fresh);
    expect(kept).toEqual({
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
      ],
      hostIPs: [{ ip: '172.18.0.2' }],
      phase: 'Running',
    });
    expect(kept.conditions).not.toBe(old.conditions);
    expect(kept.conditions[0]).toBe(old.conditions[0]);
    expect(kept.hostIPs).toBe(old.hostIPs);
  });

  it('keeps nothing whose keys are in another order, so the JSON printed stays the one rendered', () => {
    const old = { status: 'True', type: 'Ready' };
    const fresh = { type: 'Ready', status: 'True' };
    const kept = keepUnchanged(old, fresh);
    expect(kept).toBe(fresh);
    expect(JSON.stringify(kept)).toBe('{"type":"Ready","status":"True"}');
  });

  it('keeps nothing that has a field more or less, a null for an absent field, or a longer list', () => {
    expect(keepUnchanged({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(keepUnchanged({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
    expect(Object.keys(keepUnchanged({ a: 1 }, { a: 1, b: undefined }))).toEqual(['a', 'b']);
    expect(keepUnchanged({ a: null }, { a: {} })).toEqual({ a: {} });
    const old = [{ ip: '1' }];
    const fresh = [{ ip: '1' }, { ip: '2' }];
    const kept = keepUnchanged(old, fresh);
    expect(kept).toBe(fresh);
    expect(kept[0]).toBe(old[0]);
    expect(keepUnchanged([[1], [2]], [[1]])).toEqual([[1]]);
  });

  it('leaves an own __proto__ key as built (assigning it would set the prototype)', () => {
    const old = JSON.parse('{"__proto__": {"x": 1}}');
    const fresh = JSON.parse('{"__proto__": {"x": 1}}');
    const kept = keepUnchanged(old, fresh);
    expect(kept).toBe(fresh);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(JSON.stringify(kept)).toBe('{"__proto__":{"x":1}}');
  });
});
