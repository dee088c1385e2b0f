import type { UrlState } from '../../links/urlState';
import type { ZoomView } from '../../timeline/zoom';

/** How the rows are grouped: undefined is the automatic choice; `open` the opened groups' keys (groups.ts). */
export interface TimelineGrouping {
  grouped?: boolean;
  open: string[];
}

/** A group's key in the link: `PHASE:WAVE` (the `group:` prefix of groups.ts's keys is dropped). */
export const linkKeyOf = (key: string): string => key.replace(/^group:/, '');
export const groupKeyOfLink = (key: string): string => `group:${key}`;

/**
 * The timeline's part of the page's link: the zoom window and the rows' grouping, so the address bar
 * holds what the timeline shows and a reload or a shared link opens on the same stretch of the same rows.
 * The link's own values are handed to the timeline once, for the scenario the link names; what the timeline
 * shows afterwards is written back. A zoom or a pan reports many views a second: the link takes the view
 * once it has settled for `settleMs`, as the address bar would otherwise be rewritten on every pointer move.
 * Create it while a component is being set up.
 */
export class TimelineLink {
  /** The zoom window for the link; undefined at zoom 1 (the whole sync). */
  view = $state.raw<[number, number] | undefined>(undefined);
  grouping = $state.raw<TimelineGrouping>({ open: [] });
  /** What the link asked for: the timeline applies it once. */
  readonly initial: { view?: [number, number]; grouping?: TimelineGrouping };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    url: UrlState,
    private readonly settleMs = 300,
  ) {
    const grouping =
      url.grouped !== undefined || url.open
        ? { grouped: url.grouped, open: (url.open ?? []).map(groupKeyOfLink) }
        : undefined;
    this.initial = { view: url.zoom, grouping };
    this.view = url.zoom;
    if (grouping) this.grouping = grouping;
  }

  /** Told every view the timeline shows (its onView). */
  onView(view: ZoomView): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.view = view.k > 1.0001 ? view.domain : undefined;
    }, this.settleMs);
  }

  /** Told every change of the grouping (the timeline's onGrouping). */
  onGrouping(grouping: TimelineGrouping): void {
    this.grouping = grouping;
  }

  /** The link's parameters for what the timeline shows. */
  get params(): Pick<UrlState, 'zoom' | 'grouped' | 'open'> {
    const open = this.grouping.open.map(linkKeyOf);
    return { zoom: this.view, grouped: this.grouping.grouped, open: open.length > 0 ? open : undefined };
  }
}
