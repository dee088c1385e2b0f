/**
 * The served kind a misspelt one most likely meant: the same letters in another case, or the nearest within
 * two edits (so `Deploymnet` suggests `Deployment`). Undefined when nothing is that close.
 */
export function closestKind(kind: string, served: readonly string[]): string | undefined {
  const lower = kind.toLowerCase();
  const sameLetters = served.find((k) => k.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of served) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
