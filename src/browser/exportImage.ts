/**
 * Turning the exported SVG into files: a download through a blob: URL (nothing leaves the page, so the page
 * still makes no request to another origin), and a PNG rendered from the same SVG through a canvas.
 */

/** Offer `blob` as a download named `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The SVG `text` (`width`×`height` CSS pixels) as a PNG at `scale` device pixels per CSS pixel, for slides: 2×
 * stays sharp on a projector and on a high-density screen. The SVG is standalone (exportSvg.ts), so drawing it
 * does not taint the canvas.
 */
export async function pngFromSvg(text: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('this browser cannot draw on a canvas');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The first non-transparent background colour of `el` or its ancestors: what the timeline is drawn on. */
export function backgroundOf(el: Element): string {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const bg = getComputedStyle(node).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}
