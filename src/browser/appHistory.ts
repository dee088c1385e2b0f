import { readAppParam } from '../links/appParam';

/** What the session tells the browser's history about opening an Application (session.apps.open / session.apps.leave). */
export interface AppHistory {
  /** An Application's own view was opened by the user: add a history entry for it. */
  opened(app: string): void;
  /** Go back to the entry before the open Application's, if this page added it; false when it did not. */
  back(): boolean;
}

/** The mark on a history entry this page added for an open Application. */
const MARK = 'sandboxApp';

/** What history entries the page added hold. */
type Entry = { [MARK]?: string } | null;

/**
 * Opening a child Application adds a history entry (in presenter mode one click on a lane opened a
 * child with no way back, and Back left the site). Back, Forward, "← All Applications" and Escape then all move
 * through the same entries: `popstate` opens the Application the entry's address names, or all of them.
 * The address bar's own writer (state/addressBar.svelte.ts) keeps each entry's query up to date with
 * replaceState, so only the `app=` parameter is written here. Returns what removes the listener.
 */
export function connectAppHistory(openApp: (app: string | undefined, fromHistory: boolean) => void): {
  history: AppHistory;
  disconnect: () => void;
} {
  const onPopState = () => openApp(readAppParam(location.search, location.hash), true);
  addEventListener('popstate', onPopState);
  return {
    history: {
      opened(app) {
        const params = new URLSearchParams(location.search);
        params.set('app', app);
        history.pushState({ [MARK]: app } satisfies Entry, '', `${location.pathname}?${params}`);
      },
      back() {
        if (!(history.state as Entry)?.[MARK]) return false;
        history.back();
        return true;
      },
    },
    disconnect: () => removeEventListener('popstate', onPopState),
  };
}
