import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from './urlState';
import { appParam, readAppParam } from './appParam';

describe('app=NAME in the URL', () => {
  it('a link to an open Application round-trips, and the other parameters read as before', () => {
    const search = formatUrlState({ scenario: 'app-of-apps', t: 12 }) + appParam('checkout');
    expect(search).toBe('?scenario=app-of-apps&t=12&app=checkout');
    expect(readAppParam(search, '')).toBe('checkout');
    expect(parseUrlState(search, '')).toEqual({ scenario: 'app-of-apps', t: 12 });
  });

  it('no open Application adds nothing; the hash wins; a name that is no Kubernetes name is ignored', () => {
    expect(appParam(undefined)).toBe('');
    expect(readAppParam('?app=projects', '#app=payments')).toBe('payments');
    expect(readAppParam('?app=<script>', '')).toBeUndefined();
  });
});
