/** Where the page remembers that the reading guide was dismissed. */
export const guideKey = 'sandbox-guide-dismissed';

/** A storage that may be missing (file:// in some browsers, privacy modes) or throw (full, blocked). */
type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Reading `localStorage` itself throws where cookies are blocked.
    return undefined;
  }
}

/** Whether the visitor dismissed the guide before; without a usable storage, the guide shows. */
export function guideDismissed(store: StorageLike | undefined = storage()): boolean {
  try {
    return store?.getItem(guideKey) === '1';
  } catch {
    return false;
  }
}

/** Remember the choice; a full or missing storage only means the guide shows again next time. */
export function rememberGuide(dismissed: boolean, store: StorageLike | undefined = storage()): void {
  try {
    if (dismissed) store?.setItem(guideKey, '1');
    else store?.removeItem(guideKey);
  } catch {
    // Quota exceeded or storage blocked: the page goes on; the guide is simply not remembered.
  }
}
