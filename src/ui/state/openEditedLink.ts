/** What opening an edited link asks of the session (SimulationSession implements it). */
export interface EditedLinkHost {
  readonly scenario: { id: string } | undefined;
  load(id: string, options: { t?: number }): Promise<unknown>;
  loadYamlReader(): Promise<unknown>;
  setManifests(text: string | undefined): Promise<unknown>;
  seek(t: number): void;
}

/**
 * Open scenario `id` as a link says, with its edited manifests (`text`) run at once and its `t` set only after
 * that run: the edited run may be longer than the scenario's own, and setting `t` first would cut it.
 * Saved edits play no part; an edit that does not parse shows its error over the scenario's run.
 */
export async function openEditedLink<Options extends { t?: number }>(
  host: EditedLinkHost,
  id: string,
  options: Options,
  text: string,
): Promise<void> {
  await host.loadYamlReader();
  await host.load(id, { ...options, t: undefined });
  if (host.scenario?.id !== id) return;
  // The edited run may come from the worker later: t is set only once it is there, so it is never cut.
  await host.setManifests(text);
  host.seek(options.t ?? 0);
}
