/**
 * The shipped scenarios grouped by the question a user arrives with (issue 30, "Find a scenario from the
 * symptom"). People come to the sandbox with a symptom ("my sync is stuck"), not with a scenario's name, so the
 * picker, the first screen and `sim run --help` all list the scenarios under these questions, in this order.
 *
 * The table is the one place that says which question a scenario answers: test/scenarioQuestions.test.ts checks
 * that every file in scenarios/ is listed exactly once and that every id listed is a file, so a new scenario
 * cannot ship without a group. A question with no scenario yet is left out of every list (`questionGroups`).
 */
export interface ScenarioQuestion {
  /** A short id, stable for tests and anchors. */
  id: string;
  /** The question as a user would ask it. */
  text: string;
  /** The scenario ids that answer it, the one to start with first. */
  scenarios: readonly string[];
}

export const scenarioQuestions: readonly ScenarioQuestion[] = [
  {
    id: 'order',
    text: 'How does Argo CD order a sync?',
    scenarios: ['three-tier', 'maintenance-page', 'many-resources', 'commit-while-syncing', 'revert'],
  },
  {
    id: 'stuck',
    text: 'Why is my sync stuck?',
    scenarios: [
      'hook-never-completes',
      'stuck-load-balancer',
      'sync-window-blocks-release',
      'sync-timeout',
      'pvc-wait-for-first-consumer',
      'helm-post-install-deadlock',
    ],
  },
  {
    id: 'failed-healthy',
    text: 'Why did my sync fail while the app is Healthy?',
    scenarios: [
      'failing-smoke-test',
      'failing-migration',
      'failed-degraded',
      'succeeded-progressing',
      'succeeded-then-degraded',
      'auto-sync-refuses-retry',
    ],
  },
  {
    id: 'hook-skipped',
    text: "Why didn't my hook run?",
    scenarios: ['hooks-skipped', 'drift-self-heal'],
  },
  {
    id: 'all-at-once',
    text: 'Why did everything deploy at once?',
    scenarios: ['app-of-apps-without-health', 'app-of-apps', 'app-of-apps-update'],
  },
  {
    id: 'keeps-syncing',
    text: 'Why does my app keep going OutOfSync?',
    scenarios: ['hpa-self-heal-fight'],
  },
  {
    id: 'wont-delete',
    text: "Why won't my app delete?",
    scenarios: ['delete-app'],
  },
  {
    id: 'environments',
    text: 'How do I roll across environments?',
    scenarios: [
      'environments-promotion',
      'progressive-sync',
      'progressive-sync-backend-fails',
      'progressive-sync-max-update-1',
    ],
  },
];

/** One group of a list of scenarios: its question and its entries, in the table's order. */
export interface QuestionGroup<T> {
  question: ScenarioQuestion;
  entries: T[];
}

/**
 * Group a list of scenarios (the picker's catalog, the CLI's files) by the table's questions, in its order. The
 * entries the table does not name (your own app, a test's files) come last, under `other`, so nothing listed
 * is lost; a question none of the entries answers is left out.
 */
export function questionGroups<T extends { id: string }>(
  entries: readonly T[],
  other: ScenarioQuestion = { id: 'other', text: 'Other scenarios', scenarios: [] },
): QuestionGroup<T>[] {
  const groups: QuestionGroup<T>[] = [];
  const placed = new Set<string>();
  for (const question of scenarioQuestions) {
    const found = question.scenarios.flatMap((id) => entries.filter((e) => e.id === id));
    for (const e of found) placed.add(e.id);
    if (found.length > 0) groups.push({ question, entries: found });
  }
  const rest = entries.filter((e) => !placed.has(e.id));
  if (rest.length > 0) groups.push({ question: other, entries: rest });
  return groups;
}

/** The question a shipped scenario answers, if the table lists it. */
export function questionOf(id: string): ScenarioQuestion | undefined {
  return scenarioQuestions.find((q) => q.scenarios.includes(id));
}
