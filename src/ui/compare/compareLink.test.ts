import { describe, expect, it } from 'vitest';
import { articleRuns, compareFrom, formatCompare, parseCompare } from './compareLink';
import { ignoredNote, pageModeOf } from '../../links/pageMode';

describe('the compare= link', () => {
  it('reads scenarios, toggles and knobs, and writes them back the same', () => {
    const value = 'three-tier,three-tier~migration~waveDelay=0,app-of-apps~healthCheck~seed=7';
    const { items, problems } = parseCompare(value);
    expect(problems).toEqual([]);
    expect(items).toEqual([
      { scenario: 'three-tier', toggles: [] },
      { scenario: 'three-tier', toggles: ['migration'], waveDelay: 0 },
      { scenario: 'app-of-apps', toggles: ['healthCheck'], seed: 7 },
    ]);
    expect(formatCompare(items)).toBe(value);
  });

  it('compare=article is the article choice point', () => {
    expect(formatCompare(parseCompare('article').items)).toBe(articleRuns);
    expect(articleRuns).toBe('three-tier,app-of-apps-without-health,app-of-apps,progressive-sync');
  });

  it('says what it cannot read, and asks for two runs', () => {
    const { items, problems } = parseCompare('three-tier~waveDelay=-1,<x>');
    expect(items).toEqual([{ scenario: 'three-tier', toggles: [] }]);
    expect(problems).toEqual([
      '"~waveDelay=-1" in "three-tier~waveDelay=-1" is not a toggle id, waveDelay=SECONDS, seed=N or syncTimeout=SECONDS',
      '"<x>" does not start with a scenario id',
      'a comparison needs two runs or more, e.g. compare=three-tier,three-tier~migration',
    ]);
    expect(parseCompare('a,b,c,d,e').items).toHaveLength(4);
  });

  it("reads ~waveDelay= and ~seed= as the link's own waveDelay= and seed= (src/links/linkTable.ts), bounds included", () => {
    // Issue 32: this parser had bounds of its own (a wave delay of at most 3,600 s where a link takes 86,400), and
    // read an empty `~seed=` as seed 0.
    const { items, problems } = parseCompare('three-tier~waveDelay=86400~seed=4294967295,three-tier~seed=');
    expect(items[0]).toEqual({ scenario: 'three-tier', toggles: [], waveDelay: 86400, seed: 4294967295 });
    expect(items[1]).toEqual({ scenario: 'three-tier', toggles: [] });
    expect(problems).toEqual([
      '"~seed=" in "three-tier~seed=" is not a toggle id, waveDelay=SECONDS, seed=N or syncTimeout=SECONDS',
    ]);
    expect(parseCompare('three-tier~waveDelay=86401,three-tier').problems).toHaveLength(1);
  });

  it('the Compare button: the changed run against its own, or its first toggle, or the article', () => {
    expect(compareFrom({ scenario: 'three-tier', toggles: [], waveDelay: 0 }, 'migration')).toBe(
      'three-tier,three-tier~waveDelay=0',
    );
    expect(compareFrom({ scenario: 'three-tier', toggles: [] }, 'migration')).toBe(
      'three-tier,three-tier~migration',
    );
    expect(compareFrom({ scenario: 'revert', toggles: [] }, undefined)).toBe(articleRuns);
  });

  it('the page mode: compare= and embed=1 from the query or the hash', () => {
    expect(pageModeOf('?compare=article&present=1', '')).toEqual({
      compare: 'article',
      embed: false,
      present: true,
      ignoredByCompare: [],
    });
    expect(pageModeOf('?scenario=three-tier', '#embed=1')).toEqual({
      compare: undefined,
      embed: true,
      present: false,
      ignoredByCompare: [],
    });
    expect(pageModeOf('?compare=', '')).toEqual({
      compare: undefined,
      embed: false,
      present: false,
      ignoredByCompare: [],
    });
  });

  it('the page mode: what a comparison cannot show is named, not dropped silently', () => {
    const mode = pageModeOf(
      '?compare=three-tier,three-tier~migration&embed=1&present=1&do=W1tdXQ',
      '#predict=1',
    );
    expect(mode.ignoredByCompare).toEqual(['embed=1', 'predict=1', 'do=']);
    expect(ignoredNote(mode.ignoredByCompare)).toBe(
      'Not shown here: embed=1, predict=1 and do= apply to one run, not to a comparison; open a run (its name above its timeline) to use them.',
    );
    expect(ignoredNote(pageModeOf('?compare=article&reveal=1', '').ignoredByCompare)).toMatch(
      /^Not shown here: reveal=1 applies to one run, .* to use it\.$/,
    );
    expect(ignoredNote([])).toBeUndefined();
  });
});
