import type { SimulationSession } from './session.svelte';
import { keyAction, type KeyAction } from './state/keyAction';

/**
 * Whether a key belongs to the focused control rather than to the page: text typed into a field or the editor,
 * a select's own arrows, and Space on a checkbox. Elsewhere (buttons, the scrubber) the page's keys win, so a
 * presenter's Space and arrows work wherever the focus was left.
 */
export function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.cm-editor')) return true;
  if (target instanceof HTMLInputElement) {
    if (target.type === 'range' || target.type === 'button') return false;
    if (target.type === 'checkbox' || target.type === 'radio') return key === ' ';
    return true;
  }
  return target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/**
 * Hand the keys back to the page after a pick from a drop-down: a focused select takes PageDown, the arrows and
 * Space for itself, so a presenter's clicker would switch the scenario or the speed instead of driving the
 * timeline (issue 8). Called from the select's change handler, after the pick has been applied.
 */
export function giveFocusBack(control: EventTarget | null): void {
  if (control instanceof HTMLElement) control.blur();
}

/** Carry out a transport key on the session (the legend key is the page's own business). */
export function runKeyAction(session: SimulationSession, action: Exclude<KeyAction, 'legend'>): void {
  switch (action) {
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

/** What the page's keys act on besides the session: the legend dialog and presenter mode (App.svelte). */
export interface PageKeys {
  session: SimulationSession;
  legendOpen: () => boolean;
  toggleLegend: () => void;
  togglePresenting: () => void;
}

/**
 * The page's keydown handler (state/keyAction.ts names the keys): while the legend is open only its own key
 * works, so a key pressed to read it does not move the run behind it.
 */
export function onPageKeydown(event: KeyboardEvent, page: PageKeys): void {
  const action = keyAction(event, keyBelongsToControl(event.target, event.key));
  if (!action || (page.legendOpen() && action !== 'legend')) return;
  event.preventDefault();
  if (action === 'legend') page.toggleLegend();
  else if (action === 'present') page.togglePresenting();
  else runKeyAction(page.session, action);
}
