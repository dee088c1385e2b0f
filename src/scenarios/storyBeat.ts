import type { HealthStatusCode, OperationPhase, SyncPhase } from '../engine';

/**
 * When a story beat begins: a fixed virtual time, or an event of the run to take the time from. An anchor is
 * resolved against each run (src/cursor/beatTimes.ts), so a failure toggle, a wave delay or an edit that
 * moves the event moves the beat with it; an anchor whose event does not happen in a run leaves the beat
 * without a time in that run.
 *
 * - `{ step: PostSync }`, `{ step: Sync, wave: 2 }`: the engine starts that phase (and wave) for the first time.
 * - `{ operation: Failed }`: the operation first reaches that phase (Succeeded, Failed, Error, Terminating).
 * - `{ hook: checkout-migrate }`: the hook is created; with `phase: Succeeded | Failed | Error`, the controller
 *   records that hook phase in the sync result.
 * - `{ health: Degraded }`: the Application's health turns Degraded; with `of: Deployment/backend`, that
 *   resource's health.
 * - `after: 5` on any anchor: that many seconds later.
 */
export type BeatAnchor = (
  | { step: SyncPhase; wave?: number }
  | { operation: OperationPhase }
  | { hook: string; phase?: 'Succeeded' | 'Failed' | 'Error' }
  | { health: HealthStatusCode; of?: string }
) & { after?: number };

export interface StoryBeat {
  title: string;
  text: string;
  /** Virtual seconds, or an event of the run to take the time from. */
  at?: number | BeatAnchor;
}

/**
 * A beat whose time is a number of seconds already: those the page writes for a run that is not the scenario's
 * own (src/pageModel/explain/storyOf.ts). The same beat, its `at` narrowed, so the story panel shows both kinds.
 */
export type TimedStoryBeat = StoryBeat & { at?: number };

const phases = ['PreSync', 'Sync', 'PostSync', 'SyncFail'];
const operationPhases = ['Running', 'Terminating', 'Failed', 'Error', 'Succeeded'];
const hookPhases = ['Succeeded', 'Failed', 'Error'];
const healths = ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'];
const kinds: Record<string, string[]> = {
  step: ['step', 'wave', 'after'],
  operation: ['operation', 'after'],
  hook: ['hook', 'phase', 'after'],
  health: ['health', 'of', 'after'],
};

/** Read a beat's `at:`; a problem is returned as a message saying what the form is, for an InputError. */
export function readBeatAt(value: unknown): number | BeatAnchor | undefined | { error: string } {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? value : { error: 'at must be a number of seconds ≥ 0' };
  }
  const form =
    'at must be seconds or one of { step: PostSync }, { operation: Failed }, { hook: NAME }, { health: Degraded }';
  if (typeof value !== 'object' || Array.isArray(value)) return { error: form };
  const anchor = value as Record<string, unknown>;
  const kind = Object.keys(kinds).filter((k) => k in anchor);
  if (kind.length !== 1) return { error: form };
  const unknown = Object.keys(anchor).filter((key) => !kinds[kind[0]].includes(key));
  if (unknown.length > 0) return { error: `at.${unknown[0]} is not part of an at: { ${kind[0]}: … } anchor` };
  const after = anchor.after;
  if (after !== undefined && (typeof after !== 'number' || !(after >= 0)))
    return { error: 'at.after must be a number of seconds ≥ 0' };
  const oneOf = (name: string, v: unknown, allowed: string[]) =>
    typeof v === 'string' && allowed.includes(v)
      ? undefined
      : `at.${name} must be one of ${allowed.join(', ')}`;
  const problem =
    kind[0] === 'step'
      ? (oneOf('step', anchor.step, phases) ??
        (anchor.wave !== undefined && !Number.isInteger(anchor.wave)
          ? 'at.wave must be a whole number'
          : undefined))
      : kind[0] === 'operation'
        ? oneOf('operation', anchor.operation, operationPhases)
        : kind[0] === 'hook'
          ? typeof anchor.hook !== 'string' || anchor.hook === ''
            ? 'at.hook must name a hook (its metadata.name, or Kind/name)'
            : anchor.phase !== undefined
              ? oneOf('phase', anchor.phase, hookPhases)
              : undefined
          : (oneOf('health', anchor.health, healths) ??
            (anchor.of !== undefined && (typeof anchor.of !== 'string' || !anchor.of.includes('/'))
              ? 'at.of must name a resource as Kind/name'
              : undefined));
  return problem ? { error: problem } : (anchor as BeatAnchor);
}
