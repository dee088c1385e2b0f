/**
 * The message the embedded view (`embed=1`) posts to the page that frames it, whenever its height
 * changes, so the host can size the <iframe> to its content:
 *
 *   { source: 'argocd-sync-sandbox', type: 'height', height: 612 }
 *
 * `height` is the document's height in CSS pixels (a whole number). It is posted to any origin ('*'): it says
 * nothing but a height, and the frame cannot know who embeds it. A host should check `event.origin` (the
 * sandbox's own) and `event.source` (which frame) before it resizes anything.
 */
export interface EmbedHeightMessage {
  source: 'argocd-sync-sandbox';
  type: 'height';
  height: number;
}

export function heightMessage(height: number): EmbedHeightMessage {
  return { source: 'argocd-sync-sandbox', type: 'height', height: Math.ceil(height) };
}

/** Whether `data` is such a message (the host snippet's check, and the tests'). */
export function isHeightMessage(data: unknown): data is EmbedHeightMessage {
  const m = data as Partial<EmbedHeightMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.source === 'argocd-sync-sandbox' &&
    m.type === 'height' &&
    typeof m.height === 'number' &&
    Number.isFinite(m.height)
  );
}

/**
 * The snippet a blog post or a slide pastes: the frame, and the few lines that size it from the message.
 * `src` is the embedded view's absolute URL (with `embed=1`); the origin check is written into the script.
 */
export function embedSnippet(src: string, title: string): string {
  const origin = new URL(src).origin;
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return `<iframe src="${escape(src)}" title="${escape(title)}" style="width:100%;height:520px;border:0" loading="lazy"></iframe>
<script>
addEventListener('message', (e) => {
  const m = e.data;
  if (e.origin !== '${origin}' || !m || m.source !== 'argocd-sync-sandbox' || m.type !== 'height') return;
  for (const f of document.querySelectorAll('iframe'))
    if (f.contentWindow === e.source) f.style.height = m.height + 'px';
});
</script>`;
}

/** The embedded view's link for the same state as a page link: `embed=1` added to its query. */
export function embedLink(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.hash = '';
  url.searchParams.set('embed', '1');
  url.searchParams.delete('autoplay');
  url.searchParams.delete('present');
  return url.toString().replaceAll('%2C', ',');
}

/** The full page's link for the embedded view's state: `embed=1` taken out (the "open in the sandbox" link). */
export function pageLink(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.hash = '';
  url.searchParams.delete('embed');
  return url.toString().replaceAll('%2C', ',');
}
