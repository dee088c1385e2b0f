import type { KeyAction } from '../page/keyAction';
import type { PredictBeat } from './predictBeats';

/** What the keys need of predict mode (PredictMode). */
export interface PredictKeyHost {
  readonly on: boolean;
  readonly current: PredictBeat | undefined;
  readonly answers: Record<string, number>;
  answer(id: string, choice: number): void;
  goOn(): void;
  showMoment(t: number): void;
}

/** The keys that move the run forward: Space, →, Shift+→, PageDown (a clicker) and End. */
const forward: readonly KeyAction[] = [
  'toggle-play',
  'step-forward',
  'wave-forward',
  'moment-forward',
  'end',
];

/**
 * The forward keys while predict mode asks a question (presenter + predict froze, the run held at a
 * question while every key tried to pass it). One rule for every forward key, so a speaker with a clicker and a
 * learner with the keyboard step the same way:
 *   - a question not answered yet: the key shows its answer (counted as skipped: the room answers aloud);
 *   - an answered question: the key goes on, as the Continue button does, and then does its own step;
 *   - End: every question on the way counts as skipped and the run goes to its end.
 * Returns whether the key was used up here; when not, the page carries it out as usual (and predict mode's hold
 * stops the cursor at the next question again).
 */
export function predictKey(predict: PredictKeyHost, action: KeyAction, endT: number): boolean {
  if (!predict.on || !forward.includes(action)) return false;
  if (action === 'end') {
    predict.showMoment(endT);
    return true;
  }
  const beat = predict.current;
  if (!beat) return false;
  if (predict.answers[beat.id] === undefined) {
    predict.answer(beat.id, -1);
    return true;
  }
  // Continue plays on by itself when the next question is later: Space needs nothing more.
  predict.goOn();
  return action === 'toggle-play';
}
