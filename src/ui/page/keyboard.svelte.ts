import type { SimulationSession } from './session.svelte';
import { predictKey } from '../predict/predictKeys';
import { keyAction, type KeyAction } from './keyAction';

/**
 * Whether a key belongs to the focused control rather than to the page: text typed into a field or the editor,
 * a select's own arrows, and Space on a checkbox. Elsewhere (buttons, the scrubber) the page's keys win, so a
 * presenter's Space and arrows work wherever the focus was left.
 */
export function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A drop-down opened and closed without a pick keeps the focus (no change event hands it back): PageUp and
  // PageDown, what a clicker sends, are the page's there too, or the next click would switch the scenario.
  if (target instanceof HTMLSelectElement && (key === 'PageDown' || key === 'PageUp')) return false;
  if (target.isContentEditable || target.closest('.cm-editor')) return true;
  if (target instanceof HTMLInputElement) {
    if (target.type === 'range' || target.type === 'button') return false;
    // A box marked `data-page-keys` (presenter mode's "Reveal as you go") leaves Space to the page: a clicker
    // sends Space, and a box the speaker clicked keeps the focus. Enter switches it instead (its own handler).
    if (target.type === 'checkbox' && target.dataset.pageKeys !== undefined) return false;
    if (target.type === 'checkbox' || target.type === 'radio') return key === ' ';
    return true;
  }
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/**
 * Hand the keys back to the page after a pick from a drop-down: a focused select takes PageDown, the arrows and
 * Space for itself, so a presenter's clicker would switch the scenario or the speed instead of driving the
 * timeline. Called from the select's change handler, after the pick has been applied.
 */
export function giveFocusBack(control: EventTarget | null): void {
  if (control instanceof HTMLElement) control.blur();
}

/** A key that acts on the run (the legend, presenter mode and the blank screen are the page's). */
export type RunKey = Exclude<KeyAction, 'legend' | 'present' | 'blank'>;

/**
 * Carry out a run key on the session. Returns false for a key that means nothing now: Escape with no Application
 * open to leave stays the browser's (it leaves fullscreen).
 */
export function runKeyAction(session: SimulationSession, action: RunKey): boolean {
  // A scenario picked a moment ago may still be loading (its chunk loads when first opened): the key acts on it
  // once it is open, not on the one it replaces.
  const opening = session.opening.current;
  if (opening) {
    void opening.then(() => runKeyAction(session, action)).catch(() => undefined);
    return true;
  }
  if (action === 'leave-app' && !session.apps.openedApp) return false;
  // In predict mode a question on screen takes the forward keys first: they show its answer, then go on
  // (predictKeys.ts), so a speaker's clicker never stalls at a question the room cannot see answered.
  if (predictKey(session.predict, action, session.endT)) return true;
  runOnSession(session, action);
  return true;
}

function runOnSession(session: SimulationSession, action: RunKey): void {
  switch (action) {
    case 'leave-app':
      return session.apps.leave();
    case 'toggle-play':
      if (session.playing) session.pause();
      else session.play();
      break;
    case 'step-back':
      return session.stepEvent(-1);
    case 'step-forward':
      return session.stepEvent(1);
    case 'wave-back':
      return session.stepWave(-1);
    case 'wave-forward':
      return session.stepWave(1);
    case 'moment-back':
      return session.stepMoment(-1);
    case 'moment-forward':
      return session.stepMoment(1);
    case 'start':
      return session.seek(0);
    case 'end':
      return session.seek(session.endT);
  }
}

/**
 * What a page's keys act on: its run (the one-run page's session, the embed's, the compare view's runs), and the
 * page's own legend dialog (where it has one), presenter mode and blank screen.
 */
export interface PageKeys {
  /** Carry out a run key; false when it means nothing here (the key is then left to the browser). */
  runKey: (action: RunKey) => boolean;
  legendOpen?: () => boolean;
  toggleLegend?: () => void;
  togglePresenting: () => void;
  /** Whether the screen is blanked (`b` or `.`), and a way to switch it. */
  blank: () => boolean;
  toggleBlank: () => void;
}

/**
 * The page's keydown handler (state/keyAction.ts names the keys): while the legend is open only its own key
 * works, so a key pressed to read it does not move the run behind it.
 */
export function onPageKeydown(event: KeyboardEvent, page: PageKeys): void {
  const action = keyAction(event, keyBelongsToControl(event.target, event.key));
  if (!action || (page.legendOpen?.() && action !== 'legend')) return;
  // A blank screen comes back at any key, and that key does nothing else (as PowerPoint does).
  if (page.blank()) {
    event.preventDefault();
    page.toggleBlank();
    return;
  }
  if (action === 'legend') {
    if (!page.toggleLegend) return;
    page.toggleLegend();
  } else if (action === 'present') page.togglePresenting();
  else if (action === 'blank') page.toggleBlank();
  else if (!page.runKey(action)) return;
  event.preventDefault();
}
