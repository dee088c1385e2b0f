/**
 * The learner's quiz answers survive a reload: kept in the browser's localStorage under one key, as a map from
 * question id to the chosen choice. Where storage is missing or refuses, answers simply live for the visit.
 */
const KEY = 'argocd-sync-sandbox:quiz';

export type Answers = Record<string, number>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The answers saved so far; anything unreadable counts as no answer. */
export function loadAnswers(): Answers {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, v]) => Number.isInteger(v) && (v as number) >= 0),
    ) as Answers;
  } catch {
    return {};
  }
}

/** Save the answers; a full or refusing storage loses them quietly, which only costs the learner a reload. */
export function saveAnswers(answers: Answers): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(answers));
  } catch {
    // Nothing to do: the answers are still on screen.
  }
}
