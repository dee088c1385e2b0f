import { browserStorage, markLinkRun, type EditStorage } from './editStore';

/** What opening an edited link asks of the session (SimulationSession implements it). */
export interface EditedLinkHost {
  readonly scenario: { id: string } | undefined;
  load(id: string, options: { t?: number }): Promise<unknown>;
  readonly yaml: { load(): Promise<unknown> };
  /** Resolves with how the run ended: `stopped` at a run limit, `superseded` by a newer run, or otherwise. */
  setManifests(text: string | undefined): Promise<unknown>;
  seek(t: number): void;
}

/**
 * Open scenario `id` as a link says, with its edited manifests (`text`) run at once and its `t` set only after
 * that run: the edited run may be longer than the scenario's own, and setting `t` first would cut it.
 * Saved edits play no part; an edit that does not parse shows its error over the scenario's run. The edit is
 * marked running in `storage` (the browser's; editStore.ts `markLinkRun`) until its run has ended, as a typed edit is, so a run
 * that hangs the tab or is stopped at the run limit is not run again by a reload until asked.
 */
export async function openEditedLink<Options extends { t?: number }>(
  host: EditedLinkHost,
  id: string,
  options: Options,
  text: string,
  storage: EditStorage | undefined = browserStorage(),
): Promise<void> {
  await host.yaml.load();
  await host.load(id, { ...options, t: undefined });
  if (host.scenario?.id !== id) return;
  // The edited run may come from the worker later: t is set only once it is there, so it is never cut.
  markLinkRun(storage, id, text);
  const end = await host.setManifests(text);
  if (end !== 'stopped' && end !== 'superseded') markLinkRun(storage, id, undefined);
  host.seek(options.t ?? 0);
}
