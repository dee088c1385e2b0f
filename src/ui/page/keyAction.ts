export type KeyAction =
  | 'toggle-play'
  | 'step-back'
  | 'step-forward'
  | 'wave-back'
  | 'wave-forward'
  | 'moment-back'
  | 'moment-forward'
  | 'start'
  | 'end'
  | 'legend'
  | 'present'
  | 'leave-app'
  | 'blank';

/** The keys of the page, as the legend lists them. */
export const keyBindings: { keys: string; action: string }[] = [
  { keys: 'Space', action: 'play / pause' },
  { keys: '← / →', action: 'previous / next event' },
  { keys: 'Shift+← / Shift+→', action: 'previous / next wave' },
  {
    keys: 'PageUp / PageDown',
    action: 'previous / next moment: a step, a hook ending, the end, a health change (what clickers send)',
  },
  { keys: 'Home / End', action: 'start / end of the sync' },
  { keys: '?', action: 'show or hide this legend' },
  { keys: 'p', action: 'presenter mode on / off (Escape leaves fullscreen)' },
  { keys: 'Escape', action: 'back from an Application to all of them (as ← All Applications and Back do)' },
  { keys: 'b / .', action: 'blank the screen, and back (as in PowerPoint and clickers)' },
];

interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * What a key press does, or undefined to let the browser handle it. Keys typed into a text field, a select
 * or the editor are never taken (`inField`), and neither are shortcuts with Ctrl, Cmd or Alt.
 * The scrubber is not a field here: on it, the arrows step events as everywhere else.
 */
export function keyAction(e: KeyLike, inField: boolean): KeyAction | undefined {
  if (inField || e.ctrlKey || e.metaKey || e.altKey) return undefined;
  switch (e.key) {
    case ' ':
      return 'toggle-play';
    case '?':
      return 'legend';
    case 'p':
    case 'P':
      return 'present';
    case 'Escape':
      return 'leave-app';
    // PowerPoint's keys for a black screen; a clicker's "blank" button sends one of them.
    case 'b':
    case 'B':
    case '.':
      return 'blank';
    case 'ArrowLeft':
      return e.shiftKey ? 'wave-back' : 'step-back';
    case 'ArrowRight':
      return e.shiftKey ? 'wave-forward' : 'step-forward';
    case 'PageUp':
      return 'moment-back';
    case 'PageDown':
      return 'moment-forward';
    case 'Home':
      return 'start';
    case 'End':
      return 'end';
    default:
      return undefined;
  }
}
