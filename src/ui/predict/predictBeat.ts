// One question's type, in a file of its own so that the beat builders (visitorBeat.ts) and predictBeats.ts, which
// calls them, do not import each other.

/** A question the page asks before showing what happens: its answer and explanation come from the run itself. */
export interface PredictBeat {
  id: string;
  /** Where the run pauses to ask (before anything that would give the answer away). */
  t: number;
  question: string;
  choices: string[];
  answer: number;
  explanation: string;
  /** The moment on the timeline that shows the answer. */
  moment: number;
}
