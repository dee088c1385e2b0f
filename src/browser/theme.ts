export type Theme = 'light' | 'dark';

const key = 'sandbox-theme';

/** The theme the user picked on an earlier visit, if any; without one the page follows the system. */
export function readTheme(): Theme | undefined {
  try {
    const saved = localStorage.getItem(key);
    return saved === 'light' || saved === 'dark' ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Remember the user's pick and apply it to the page (global.css reads `data-theme` on <html>). */
export function applyTheme(theme: Theme | undefined): void {
  if (theme) document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  try {
    if (theme) localStorage.setItem(key, theme);
  } catch {
    // A file:// page or a locked-down browser may refuse storage; the choice then lasts for this visit.
  }
}
