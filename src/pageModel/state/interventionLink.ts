/** An intervention typed on the page: the command, the virtual second it runs at, and kubectl's namespace. */
export interface PageIntervention {
  at: number;
  command: string;
  namespace?: string;
}

/**
 * Interventions in a link (`do=`): `[[at, command, namespace?], …]` as JSON, in UTF-8, written in
 * base64url like `edit=` (no escaping in a query string). They are short, so unlike an edit they are not
 * deflated, and reading them needs no extra chunk.
 */
export function encodeInterventions(list: readonly PageIntervention[]): string {
  const json = JSON.stringify(
    list.map((i) => (i.namespace ? [i.at, i.command, i.namespace] : [i.at, i.command])),
  );
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The interventions of a `do=` value, or undefined when it is not one (cut short, mistyped). */
export function decodeInterventions(value: string): PageIntervention[] | undefined {
  if (!/^[\w-]+$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const list: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!Array.isArray(list)) return undefined;
    const out: PageIntervention[] = [];
    for (const item of list) {
      if (!Array.isArray(item) || typeof item[0] !== 'number' || typeof item[1] !== 'string')
        return undefined;
      if (!Number.isFinite(item[0]) || item[0] < 0 || item[1].length > 2000) return undefined;
      out.push({
        at: item[0],
        command: item[1],
        ...(typeof item[2] === 'string' ? { namespace: item[2] } : {}),
      });
    }
    return out;
  } catch {
    return undefined;
  }
}
