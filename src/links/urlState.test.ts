import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from './urlState';

describe('url state', () => {
  it('reads every parameter of the contract from the query string', () => {
    expect(
      parseUrlState(
        '?scenario=failing-smoke-test&speed=0.5&autoplay=1&waveDelay=0&t=12.5&fail=smoke&seed=7',
        '',
      ),
    ).toEqual({
      scenario: 'failing-smoke-test',
      speed: 0.5,
      autoplay: true,
      waveDelay: 0,
      t: 12.5,
      fail: ['smoke'],
      seed: 7,
    });
  });

  it('reads the hash too, and the hash wins', () => {
    expect(parseUrlState('?scenario=three-tier&t=3', '#t=9&speed=max')).toEqual({
      scenario: 'three-tier',
      t: 9,
      speed: 'max',
    });
  });

  it('ignores values it cannot use', () => {
    expect(parseUrlState('?speed=3&t=-1&waveDelay=abc&seed=1.5&scenario=../x', '')).toEqual({});
    // Past the engine's limits: a wave delay over one simulated day, a seed outside 32 bits.
    expect(parseUrlState('?waveDelay=1e15&seed=-1', '')).toEqual({});
    expect(parseUrlState('?waveDelay=86401&seed=4294967296', '')).toEqual({});
    expect(parseUrlState('?waveDelay=86400&seed=4294967295', '')).toEqual({
      waveDelay: 86400,
      seed: 4294967295,
    });
  });

  it('writes a link that reads back the same state', () => {
    const state = {
      scenario: 'three-tier',
      speed: 2 as const,
      waveDelay: 5,
      t: 17.25,
      fail: ['migration', 'smoke'],
      seed: 3,
    };
    const search = formatUrlState(state);
    expect(search).toBe('?scenario=three-tier&speed=2&waveDelay=5&t=17.25&fail=migration,smoke&seed=3');
    expect(parseUrlState(search, '')).toEqual(state);
  });

  it('reads and writes presenter mode as present=1 (contract.md §2), and nothing when it is off', () => {
    expect(parseUrlState('?scenario=three-tier&present=1', '')).toEqual({
      scenario: 'three-tier',
      present: true,
    });
    expect(parseUrlState('?present=yes', '')).toEqual({});
    expect(formatUrlState({ scenario: 'three-tier', t: 5, present: true })).toBe(
      '?scenario=three-tier&t=5&present=1',
    );
    expect(formatUrlState({ scenario: 'three-tier', present: false })).toBe('?scenario=three-tier');
  });

  it('reads and writes reveal-as-you-go as reveal=1 beside present=1, and nothing when it is off', () => {
    expect(parseUrlState('?scenario=three-tier&present=1&reveal=1', '')).toEqual({
      scenario: 'three-tier',
      present: true,
      reveal: true,
    });
    expect(parseUrlState('?reveal=yes', '')).toEqual({});
    expect(formatUrlState({ scenario: 'three-tier', present: true, reveal: true })).toBe(
      '?scenario=three-tier&present=1&reveal=1',
    );
  });

  it('carries the timeline zoom window and the grouping, so a reload shows the same rows at the same zoom', () => {
    const state = {
      scenario: 'many-resources',
      t: 12,
      zoom: [10.5, 31.25] as [number, number],
      grouped: true,
      open: ['Sync:3', 'PostSync:-'],
    };
    const search = formatUrlState(state);
    expect(search).toBe('?scenario=many-resources&t=12&zoom=10.5,31.25&group=1&open=Sync:3,PostSync:-');
    expect(parseUrlState(search, '')).toEqual(state);
    // Rows shown one by one, where the page would have grouped them, is a choice the link keeps too.
    expect(formatUrlState({ scenario: 'many-resources', grouped: false })).toBe(
      '?scenario=many-resources&group=0',
    );
    expect(parseUrlState('?group=0', '')).toEqual({ grouped: false });
  });

  it('ignores a zoom window or group keys it cannot use, and writes nothing for the whole sync', () => {
    expect(parseUrlState('?zoom=30,10&group=yes&open=<script>,Sync', '')).toEqual({});
    expect(parseUrlState('?zoom=-1,5', '')).toEqual({});
    expect(parseUrlState('?zoom=5', '')).toEqual({});
    // Issue 31: past the longest run there is (86,400 s), the timeline's sums overflowed into NaN.
    expect(parseUrlState('?zoom=1e308,1.7e308', '')).toEqual({});
    expect(parseUrlState('?zoom=0,86401', '')).toEqual({});
    expect(parseUrlState('?zoom=0,86400', '')).toEqual({ zoom: [0, 86400] });
    expect(parseUrlState('?open=Sync:-2,x', '')).toEqual({ open: ['Sync:-2'] });
    expect(formatUrlState({ scenario: 'three-tier', open: [] })).toBe('?scenario=three-tier');
  });
});
