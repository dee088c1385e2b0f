/**
 * The fasttemplate form Argo CD uses when `goTemplate` is off (applicationset/utils/utils.go `Replace`,
 * argocd-semantics.md §5.1): `{{key}}` or `{{ key }}` becomes the parameter's string value; an unknown key, a
 * non-string value or an empty tag is written back verbatim. An opening `{{` without its `}}` is fasttemplate's
 * error (`NewTemplate`), which Argo CD reports as `invalid template: …`.
 */
import type { JsonAny } from '../../types';
import type { RenderResult } from './goTemplate';

export function renderFastTemplate(template: string, params: Record<string, JsonAny>): RenderResult {
  // Argo CD hands a string to fasttemplate only when it looks templated on one line (`isTemplatedRegex`
  // `.*{{.*}}.*`), so `}} {{` is kept as it is rather than refused.
  if (!looksTemplated(template)) return { ok: true, value: template };
  let out = '';
  let cursor = 0;
  for (;;) {
    const start = template.indexOf('{{', cursor);
    if (start < 0) break;
    const end = template.indexOf('}}', start + 2);
    if (end < 0) {
      return {
        ok: false,
        error:
          `invalid template: Cannot find end tag="}}" in the template="${template}" starting from ` +
          `"${template.slice(start)}"`,
      };
    }
    const tag = template.slice(start + 2, end);
    const key = tag.trim();
    const value = Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
    out += template.slice(cursor, start) + (key !== '' && typeof value === 'string' ? value : `{{${tag}}}`);
    cursor = end + 2;
  }
  return { ok: true, value: out + template.slice(cursor) };
}

/**
 * Argo CD's `isTemplatedRegex` `.*{{.*}}.*` (applicationset/utils/utils.go): some line holds a `{{` with a `}}`
 * after it (`.` does not match a newline). Tested in one pass over the characters, because the expression itself
 * backtracks from every `{{` to the end of the line: 80,000 `{{}x}` took 78 s.
 */
function looksTemplated(template: string): boolean {
  let opened = false;
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '\n') opened = false;
    else if (!opened && c === '{' && template[i + 1] === '{') {
      opened = true;
      i++;
    } else if (opened && c === '}' && template[i + 1] === '}') return true;
  }
  return false;
}
