import { playForPage, playForPageWithLua, runNeedsLua } from './pageRun';

/** The in-thread player: what a run needs when there is no worker (tests, a browser without Worker). */
export const inlinePlayer = { playForPage, playForPageWithLua, runNeedsLua };

export type InlinePlayer = typeof inlinePlayer;
