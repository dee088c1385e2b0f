import { describe, expect, it } from 'vitest';
import { configMap } from '../../../test/kits/simulation.testKit';
import { Repository } from './repository';

describe('Repository (Git as data, contract.md §1.4)', () => {
  const files = {
    'apps/a.yaml': [{ object: configMap('a') }],
    'apps/nested/b.yaml': [{ object: configMap('b') }],
    'other/c.yaml': [{ object: configMap('c') }],
  };
  const repo = new Repository({ name: 'main', files });

  it("renders a plain directory: the files under the source's path, not its sub-folders", () => {
    expect(repo.render('apps', false).objects.map((o) => o.metadata.name)).toEqual(['a']);
    expect(repo.render('./apps/', false).objects.map((o) => o.metadata.name)).toEqual(['a']);
  });

  it('directory.recurse takes the sub-folders too, in path order', () => {
    expect(repo.render('apps', true).objects.map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect(repo.render('.', true).objects.map((o) => o.metadata.name)).toEqual(['a', 'b', 'c']);
  });

  it('a commit makes a new revision current with a new SHA; the same content after a revert is a new commit', () => {
    const r = new Repository({ name: 'one', files });
    const first = r.head;
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    r.commit({ name: 'two', files: { 'apps/a.yaml': [{ object: configMap('z') }] } });
    expect(r.head).not.toBe(first);
    expect(r.render('apps', false).objects.map((o) => o.metadata.name)).toEqual(['z']);
    r.commit({ name: 'revert', files });
    expect(r.head).not.toBe(first);
    expect(r.hasPath('other')).toBe(true);
    expect(r.hasPath('missing')).toBe(false);
  });
});
