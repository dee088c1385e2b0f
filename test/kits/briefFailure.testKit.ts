import type { RunDetails } from 'fast-check';

/** At most this many characters of a counterexample and of the error in a property test's failure. */
const maxChars = 600;

function clip(text: string): string {
  return text.length > maxChars
    ? `${text.slice(0, maxChars)}… (${text.length - maxChars} more characters)`
    : text;
}

/**
 * A fast-check reporter (`fc.assert(…, { reporter: briefFailure })`) whose failure is a few lines: the shrunk
 * counterexample, the first lines of the error, and the seed and path that replay it. fast-check's own report
 * prints every value and the whole error, which for large inputs ran to about 200 kB in a log (issue 31).
 */
export function briefFailure<Ts>(details: RunDetails<Ts>): void {
  if (!details.failed) return;
  const replay = `seed ${details.seed}, path ${JSON.stringify(details.counterexamplePath)}`;
  if (details.counterexample === null)
    throw new Error(
      `property ${details.interrupted ? 'interrupted' : 'failed'} after ${details.numRuns} runs (${replay})`,
    );
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  // An assertion's message shortens the values it compares; say the value found, clipped, as well.
  const actual = error !== null && typeof error === 'object' && 'actual' in error ? error.actual : undefined;
  throw new Error(
    [
      `property failed after ${details.numRuns} runs and ${details.numShrinks} shrinks (${replay})`,
      `counterexample: ${clip(JSON.stringify(details.counterexample))}`,
      `error: ${clip(message.split('\n').slice(0, 8).join('\n'))}`,
      ...(actual !== undefined
        ? [`actual: ${clip(typeof actual === 'string' ? actual : JSON.stringify(actual))}`]
        : []),
    ].join('\n'),
  );
}
