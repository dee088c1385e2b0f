import type { Plugin } from 'vite';

/**
 * Link previews want absolute URLs: the Open Graph protocol defines og:image as a URL, and Facebook, LinkedIn and
 * others fetch it as written, without resolving it against the page. The page cannot know where it is hosted (any
 * fork, any sub-path), so index.html says `./og-image.png`, and a build given `SITE_URL` (the Pages workflow passes
 * configure-pages' base_url) writes the absolute address, plus og:url. Without it the relative URL stays, which
 * previewers that resolve it (Slack, Discord, Mastodon) still show.
 */
export function absolutePreviewUrls(html: string, siteUrl: string | undefined): string {
  const site = siteUrl?.trim();
  if (!site) return html;
  let url: URL;
  try {
    url = new URL(site.endsWith('/') ? site : `${site}/`);
  } catch {
    throw new Error(
      `SITE_URL is "${site}", which is not an absolute URL (https://owner.github.io/repository/)`,
    );
  }
  const absolute = html.replace(
    /(<meta\s+(?:property="og:image"|name="twitter:image")\s+content=")\.\/([^"]+)"/g,
    (_, start: string, file: string) => `${start}${new URL(file, url).href}"`,
  );
  return absolute.replace(
    /(\s*)<meta\s+property="og:image"\s/,
    (found, space: string) => `${space}<meta property="og:url" content="${url.href}" />${found}`,
  );
}

export function siteUrlPlugin(): Plugin {
  return {
    name: 'site-url',
    apply: 'build',
    transformIndexHtml: (html) => absolutePreviewUrls(html, process.env.SITE_URL),
  };
}
