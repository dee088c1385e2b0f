import type { SimEvent } from '../engine';
import type { StoryBeat } from '../scenarios/storyBeat';
import { exportSvg, systemFonts } from '../timeline/exportSvg';
import { layoutTimeline } from '../timeline/layout';
import { renderTimeline } from '../timeline/render';
import { frameAt } from '../cursor/frameAt';
import { statusLook } from '../timeline/statusLook';
import { currentBeat } from '../cursor/beatTimes';

/** What a recording shows, taken from the page when it starts (the run does not change while it records). */
export interface RecordSource {
  scenario: string;
  title: string;
  /** The whole log (the history before the sync too), which the status words are read from. */
  events: readonly SimEvent[];
  /** The sync itself (t ≥ 0): what the timeline draws. */
  syncEvents: SimEvent[];
  endT: number;
  story: readonly StoryBeat[];
  beatTimes: readonly (number | undefined)[];
}

/** The page's theme at the start of the recording: the frames are drawn in the colours the presenter sees. */
export interface RecordLook {
  text: string;
  muted: string;
  background: string;
  /** A status colour custom property's value (`--healthy` …). */
  colour: (property: string) => string;
}

const pad = 16;
const headerHeight = 46;
const statusHeight = 44;
const captionHeight = 132;

/**
 * Draws the frames of a recording on a canvas of the presenter's size: the scenario and the time across the top,
 * the status words (sync, health, the last sync's phase) as the status cards say them, the timeline as the page
 * draws it (the same layout and renderer, exported as the Export SVG button does) and the story beat of the
 * moment as a caption. The timeline is laid out once and only its cursor moves from frame to frame.
 */
export class FrameDrawer {
  private readonly host: HTMLDivElement;
  private readonly svg: SVGSVGElement;
  private readonly layout: ReturnType<typeof layoutTimeline>;
  private lastSvg = '';
  private lastImage: HTMLImageElement | undefined;

  constructor(
    private readonly context: CanvasRenderingContext2D,
    private readonly source: RecordSource,
    private readonly look: RecordLook,
    fontSize: number,
  ) {
    // The renderer draws into a live <svg>; it is kept out of sight and out of the accessibility tree.
    this.host = document.createElement('div');
    this.host.setAttribute('aria-hidden', 'true');
    this.host.style.cssText = 'position:fixed;left:-20000px;top:0;visibility:hidden;pointer-events:none';
    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.host.append(this.svg);
    document.body.append(this.host);
    this.layout = layoutTimeline(source.syncEvents, {
      width: context.canvas.width - 2 * pad,
      endT: source.endT,
      fontSize,
      legend: false,
    });
  }

  /** Draw the moment `t` (virtual seconds). */
  async draw(t: number): Promise<void> {
    const { context: g, look } = this;
    const { width, height } = g.canvas;
    renderTimeline(this.svg, this.layout, { t, duration: 0 });
    // Drawn without the export's title band: the frame has its own header (this.header).
    const text = exportSvg(this.svg, { color: look.text, background: look.background });
    if (text !== this.lastSvg) {
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
      try {
        await image.decode();
      } finally {
        URL.revokeObjectURL(image.src);
      }
      this.lastSvg = text;
      this.lastImage = image;
    }
    g.fillStyle = look.background;
    g.fillRect(0, 0, width, height);
    this.header(t);
    this.status(t);
    // The timeline under the status, scaled down only when its rows are taller than the room left for them.
    const top = headerHeight + statusHeight;
    const room = { width: width - 2 * pad, height: height - top - captionHeight };
    const drawn = { width: this.layout.width, height: this.layout.height };
    const scale = Math.min(1, room.width / drawn.width, room.height / drawn.height);
    if (this.lastImage) g.drawImage(this.lastImage, pad, top, drawn.width * scale, drawn.height * scale);
    this.caption(t);
  }

  dispose(): void {
    this.host.remove();
  }

  private header(t: number): void {
    const g = this.context;
    g.textBaseline = 'middle';
    g.fillStyle = this.look.text;
    g.font = `bold 22px ${systemFonts}`;
    g.textAlign = 'left';
    g.fillText(this.source.title, pad, headerHeight / 2 + 4, g.canvas.width * 0.72);
    g.font = `bold 22px ${systemFonts}`;
    g.textAlign = 'right';
    g.fillText(`${t.toFixed(1)} s`, g.canvas.width - pad, headerHeight / 2 + 4);
    g.textAlign = 'left';
  }

  /** The status cards' words at `t`, each on its colour (statusLook, as the page's icons and lanes use it). */
  private status(t: number): void {
    const g = this.context;
    const frame = frameAt(this.source.events, t);
    const words: [string, string | undefined][] = [
      ['App health', frame.app?.health],
      ['Sync status', frame.app?.sync],
      ['Last sync', frame.operation?.phase],
    ];
    let x = pad;
    const y = headerHeight + statusHeight / 2;
    for (const [label, word] of words) {
      g.font = `14px ${systemFonts}`;
      g.fillStyle = this.look.muted;
      g.fillText(label, x, y);
      x += g.measureText(label).width + 8;
      const shown = word ?? '–';
      g.font = `bold 18px ${systemFonts}`;
      const w = g.measureText(shown).width + 18;
      const look = statusLook(word);
      g.fillStyle = word ? this.look.colour(look.color.replace(/^var\((.*)\)$/, '$1')) : this.look.muted;
      g.beginPath();
      g.roundRect(x, y - 15, w, 30, 8);
      g.fill();
      g.fillStyle = word ? look.ink : this.look.background;
      g.fillText(shown, x + 9, y + 1);
      x += w + 22;
    }
  }

  /** The story beat of the moment (or the next one, before the first), wrapped over the caption's lines. */
  private caption(t: number): void {
    const g = this.context;
    const { story, beatTimes } = this.source;
    const current = currentBeat(beatTimes, t);
    const at = current >= 0 ? beatTimes[current] : undefined;
    const beats = story.filter((_, i) => at !== undefined && beatTimes[i] === at);
    const next = story
      .map((beat, i) => ({ beat, at: beatTimes[i] }))
      .filter((b): b is { beat: StoryBeat; at: number } => b.at !== undefined && b.at > t + 1e-6)
      .sort((a, b) => a.at - b.at)[0];
    const text =
      beats.length > 0
        ? beats.map((b) => `${b.title}. ${b.text}`).join(' ')
        : next
          ? `Next, at ${next.at.toFixed(1)} s: ${next.beat.title}`
          : '';
    const top = g.canvas.height - captionHeight;
    g.fillStyle = this.look.muted;
    g.fillRect(pad, top, g.canvas.width - 2 * pad, 1);
    g.fillStyle = this.look.text;
    g.font = `19px ${systemFonts}`;
    g.textBaseline = 'top';
    const lines = wrap(g, text, g.canvas.width - 2 * pad).slice(0, 5);
    lines.forEach((line, i) => g.fillText(line, pad, top + 12 + i * 24));
    g.textBaseline = 'middle';
  }
}

/** `text` in lines no wider than `width` at the context's font, broken between words. */
function wrap(g: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && g.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
