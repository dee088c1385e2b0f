/**
 * A typed line with a phone's "smart" punctuation put back as a shell needs it (iOS and Android
 * keyboards turn ' and " into curly quotes and -- into a dash, which would break the course's `sed -n '/^GROUP/,$p'`
 * and jsonpath commands): “ ” „ → ", ‘ ’ ‚ → ', — (what -- became) → --, – → -, … → ..., and a no-break space → a
 * space. A terminal never means the typographic ones.
 */
export function plainPunctuation(line: string): string {
  return line
    .replace(/[“”„″]/g, '"')
    .replace(/[‘’‚′]/g, "'")
    .replace(/—/g, '--')
    .replace(/[–‐‑−]/g, '-')
    .replace(/…/g, '...')
    .replace(/\u00a0/g, ' ');
}
