import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { questionGroups, scenarioQuestions } from '../src/scenarios/scenarioQuestions';
import { runSim } from './kits/runSim.testKit';

const shipped = readdirSync(new URL('../scenarios/', import.meta.url))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''))
  .sort();

describe('scenarios by the question a user arrives with (issue 30)', () => {
  it('lists every shipped scenario under exactly one question, and only shipped ones', () => {
    const listed = scenarioQuestions.flatMap((q) => q.scenarios);
    expect([...listed].sort()).toEqual(shipped);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("docs/reference.md's table of scenarios has one row for each shipped scenario, and none for another", () => {
    // Issue 32: the table had drifted (16 rows for 18 scenarios), and a row for a scenario that is gone would not
    // have been noticed either.
    const reference = readFileSync(new URL('../docs/reference.md', import.meta.url), 'utf8');
    const section = reference.slice(
      reference.indexOf('\n## Scenarios\n'),
      reference.indexOf('\n## ', reference.indexOf('\n## Scenarios\n') + 1),
    );
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows.length).toBe(new Set(rows).size);
    expect([...rows].sort()).toEqual(shipped);
  });

  it('asks the questions of the issue, in its words', () => {
    const texts = scenarioQuestions.map((q) => q.text);
    for (const question of [
      'Why is my sync stuck?',
      'Why did my sync fail while the app is Healthy?',
      "Why didn't my hook run?",
      'Why did everything deploy at once?',
      "Why won't my app delete?",
      'How do I roll across environments?',
    ])
      expect(texts).toContain(question);
  });

  it('groups a catalog in the table order, leaves out empty questions and keeps entries it does not know', () => {
    const groups = questionGroups([
      { id: 'your-app' },
      { id: 'failing-smoke-test' },
      { id: 'three-tier' },
      { id: 'hook-never-completes' },
    ]);
    expect(groups.map((g) => [g.question.text, g.entries.map((e) => e.id)])).toEqual([
      ['How does Argo CD order a sync?', ['three-tier']],
      ['Why is my sync stuck?', ['hook-never-completes']],
      ['Why did my sync fail while the app is Healthy?', ['failing-smoke-test']],
      ['Other scenarios', ['your-app']],
    ]);
  });

  it('sim run --help lists the scenarios under their questions', async () => {
    const { stdout, code } = await runSim(['run', '--help']);
    expect(code).toBe(0);
    const index = stdout.slice(stdout.indexOf('scenarios, by the question you arrive with:'));
    expect(index).toContain('  Why is my sync stuck?\n    scenarios/hook-never-completes.yaml\n');
    for (const id of shipped) expect(index).toContain(`scenarios/${id}.yaml`);
  });
});
