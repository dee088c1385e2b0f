/** The page's own font stack (global.css): system fonts only, so the file looks the same with no web font. */
export const systemFonts = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";

export interface ExportOptions {
  /**
   * The heading drawn in a band above the timeline and given as the file's `<title>`, e.g.
   * `three-tier at t = 30 s`. Without it the drawing is copied alone, with no band (the recorder draws its own
   * header: frameDrawer.ts).
   */
  title?: string;
  /** The text colour of the current theme (what `currentColor` stands for on the page). */
  color: string;
  /** The background of the current theme (what `Canvas` and `--timeline-bg` stand for on the page). */
  background: string;
}

/** Height of the heading band above the timeline. */
export const titleHeight = 30;

const svgNs = 'http://www.w3.org/2000/svg';

/**
 * The timeline as a standalone SVG file for slides: a copy of the drawing at its current moment and zoom, with
 * every colour the page's style sheet or theme supplies written in (`currentColor`, `Canvas`, CSS variables),
 * system fonts, a background, and a heading naming the scenario and `t`. The hover card, the hover highlight
 * and the keyboard handles of the page are left out. Returns the file's text.
 *
 * @example
 * const text = exportSvg(svg, { title: 'three-tier at t = 30 s', color: '#1b2430', background: '#fff' });
 */
export function exportSvg(svg: SVGSVGElement, options: ExportOptions): string {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const doc = svg.ownerDocument;
  const band = options.title === undefined ? 0 : titleHeight;
  const out = doc.createElementNS(svgNs, 'svg');
  // XMLSerializer writes the xmlns of an element made in the SVG namespace (set by hand, it would be doubled).
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height + band));
  out.setAttribute('viewBox', `0 0 ${width} ${height + band}`);
  out.setAttribute('font-family', systemFonts);
  out.setAttribute('font-size', svg.getAttribute('font-size') ?? '12');
  out.setAttribute('fill', options.color);
  out.setAttribute('color', options.color);

  if (options.title !== undefined) {
    const title = doc.createElementNS(svgNs, 'title');
    title.textContent = options.title;
    out.append(title);
  }
  const background = doc.createElementNS(svgNs, 'rect');
  for (const [name, value] of Object.entries({
    width,
    height: height + band,
    fill: options.background,
  }))
    background.setAttribute(name, String(value));
  out.append(background);
  if (options.title !== undefined) {
    const heading = doc.createElementNS(svgNs, 'text');
    for (const [name, value] of Object.entries({ x: 8, y: 20, 'font-size': 16, 'font-weight': 'bold' }))
      heading.setAttribute(name, String(value));
    heading.textContent = options.title;
    out.append(heading);
  }

  const body = doc.createElementNS(svgNs, 'g');
  if (band > 0) body.setAttribute('transform', `translate(0,${band})`);
  for (const child of [...svg.childNodes]) body.append(child.cloneNode(true));
  out.append(body);

  // What only makes sense on the page: the hover card and highlight, and the keyboard handles of group rows.
  for (const layer of out.querySelectorAll('.layer-tooltip, .layer-hoverRow')) layer.replaceChildren();
  for (const el of out.querySelectorAll('[tabindex]')) {
    for (const name of ['tabindex', 'role', 'aria-expanded', 'aria-label']) el.removeAttribute(name);
  }
  for (const el of out.querySelectorAll('*')) resolveColours(el, options);
  return new XMLSerializer().serializeToString(out);
}

/** Writes the theme's colours into the attributes and inline styles that leave them to the page. */
function resolveColours(el: Element, { color, background }: ExportOptions): void {
  const resolve = (value: string) =>
    value
      .replace(/var\(--timeline-bg,\s*Canvas\)/g, background)
      .replace(/\bCanvas\b/g, background)
      .replace(/currentColor/g, color);
  for (const attr of [...el.attributes]) {
    if (attr.name === 'style' || attr.value.includes('currentColor') || attr.value.includes('Canvas'))
      el.setAttribute(attr.name, resolve(attr.value));
  }
  // A cursor style is the page's business only.
  if (el.getAttribute('style')?.includes('cursor')) {
    const style = el.getAttribute('style')!.replace(/cursor:\s*[^;]+;?\s*/g, '');
    if (style.trim()) el.setAttribute('style', style);
    else el.removeAttribute('style');
  }
}

/** `<scenario>-t<seconds>.<ext>`, seconds to a tenth: `many-resources-t35.8.svg`. */
export function exportFileName(scenario: string, t: number, ext: 'svg' | 'png'): string {
  const safe = scenario.replace(/[^\w.-]+/g, '-') || 'timeline';
  return `${safe}-t${Number(t.toFixed(1))}.${ext}`;
}
