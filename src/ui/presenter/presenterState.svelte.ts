/**
 * Presenter mode (`present=1`): the timeline, the status and the story beat large; the rest hidden.
 * The session holds one as `session.presenter` (`session.presenter.on`, `session.presenter.set`), so the page keeps
 * reaching its state through the session (style.md rule 12). Fullscreen is the page's business, not this one's.
 */
export class PresenterState {
  on = $state.raw(false);
  /**
   * "Reveal as you go" (`reveal=1`): the timeline draws only what the cursor has passed, so a room following the
   * story does not see its ending before the speaker gets there. The axis keeps its length; the bars come as it plays.
   */
  reveal = $state.raw(false);

  set(on: boolean): void {
    this.on = on;
  }

  setReveal(on: boolean): void {
    this.reveal = on;
  }
}
