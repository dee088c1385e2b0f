/**
 * `html` with `tag` just before the head's first `<link` or `<script` (or at the head's end if it has none): where
 * the page's inline script goes (the scenario's preload, preloadScenarioPlugin.ts). After the policy's meta tag,
 * which covers only what follows it; before the stylesheet, since an inline script after a stylesheet waits until
 * it has loaded.
 */
export function beforeFirstResource(html: string, tag: string): string {
  const head = html.indexOf('</head>');
  const first = /<(?:link|script)\b/.exec(html.slice(0, head < 0 ? html.length : head));
  const at = first ? first.index : head;
  if (at < 0) throw new Error('index.html: no <head> to put an inline script in');
  return html.slice(0, at) + tag + '\n    ' + html.slice(at);
}
