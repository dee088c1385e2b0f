/**
 * The shipped scenarios' default runs whose object history is known, from its text, to hold no sync window: no
 * version of any object has a `syncWindows` field, so no AppProject has a window. The page asks at its start whether
 * the run on screen has windows (src/ui/platform/syncWindows.svelte.ts), and answering from the history itself
 * decoded all of it (JSON.parse and every patch, historyPatches.ts), which only the terminal needs: many-resources'
 * history is most of its 1.5 MB chunk, 8% of the page's mount and much of its garbage collection at 4× CPU (issue 32).
 * registry.ts adds a run here when its history's JSON does not mention the field; a run not here is read in full.
 */
export const runsWithoutSyncWindows = new WeakSet<object>();
