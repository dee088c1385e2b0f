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
  const reading = readInterventions(value);
  return reading.ok ? reading.list : undefined;
}

/** A `do=` value read: its interventions, or why it is not one, in words the page shows. */
export type InterventionsReading = { ok: true; list: PageIntervention[] } | { ok: false; reason: string };

/** The longest command a link carries (the terminal's own line is shorter). */
const maxCommand = 2000;

/**
 * Reads a `do=` value. A link cut short, mistyped or of another shape is refused whole, with the reason: the page
 * says it ran none of the link's commands (as it says of an `edit=` it cannot read), never drops them silently.
 */
export function readInterventions(value: string): InterventionsReading {
  const refuse = (reason: string): InterventionsReading => ({ ok: false, reason });
  if (!/^[\w-]*$/.test(value)) return refuse('it holds characters a do= value never has');
  let text: string;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('it is not base64url text (the link may have been cut short)');
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return refuse('it is not a list of commands (the link may have been cut short)');
  }
  if (!Array.isArray(list)) return refuse('it is not a list of commands');
  const out: PageIntervention[] = [];
  for (const [i, item] of list.entries()) {
    const which = `command ${i + 1}`;
    if (
      !Array.isArray(item) ||
      item.length < 2 ||
      item.length > 3 ||
      typeof item[0] !== 'number' ||
      typeof item[1] !== 'string' ||
      (item.length === 3 && typeof item[2] !== 'string')
    )
      return refuse(`${which} is not [seconds, command] or [seconds, command, namespace]`);
    if (!Number.isFinite(item[0]) || item[0] < 0) return refuse(`${which}: its second is not a number ≥ 0`);
    if (item[1].length > maxCommand) return refuse(`${which} is longer than ${maxCommand} characters`);
    out.push({
      at: item[0],
      command: item[1],
      ...(typeof item[2] === 'string' ? { namespace: item[2] } : {}),
    });
  }
  return { ok: true, list: out };
}
