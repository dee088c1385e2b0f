import type { SimulationSession } from './session.svelte';
import { linkFits, maxLinkLength } from '../../links/urlState';

/**
 * The edited manifests' part of the page's link: the `edit` parameter for what the session runs,
 * compressed by editLink.ts (loaded on first need), and whether the link that would hold it is too long to
 * share. Create it while a component is being set up: it follows the session's manifests with an effect.
 */
export class ShareLink {
  /** The last encoding made: which text, and its parameter value. */
  private encoded = $state.raw<{ text: string; value: string } | undefined>(undefined);
  /** How long the link would have been, when it was too long to write; undefined when it fits. */
  tooLong = $state.raw<number | undefined>(undefined);

  constructor(private readonly session: SimulationSession) {
    $effect(() => {
      const text = this.session.manifests;
      if (text === undefined || this.encoded?.text === text) return;
      void import('../../links/editLink').then(({ encodeEdit }) => {
        if (this.session.manifests === text) this.encoded = { text, value: encodeEdit(text) };
      });
    });
  }

  /**
   * The `edit` parameter's value for the session's manifests: undefined without edits, null while the
   * compression is on its way (the address bar then waits, rather than show a link without the edit).
   */
  get edit(): string | undefined | null {
    const text = this.session.manifests;
    if (text === undefined) return undefined;
    return this.encoded?.text === text ? this.encoded.value : null;
  }

  /**
   * Whether the page at `search` may go into the address bar. A link past `maxLinkLength` is not written: the
   * address bar keeps the last one that could be shared, and `tooLong` says how long this one would have been.
   */
  admit(search: string, base: string): boolean {
    const length = base.length + search.length;
    this.tooLong = linkFits(base + search) ? undefined : length;
    return this.tooLong === undefined;
  }
}

export { maxLinkLength };
