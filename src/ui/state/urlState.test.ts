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
});
