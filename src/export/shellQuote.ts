/**
 * A word for bash, quoted only when it must be: `three-tier` stays, `revert 6.7.0` becomes `'revert 6.7.0'` and
 * a single quote inside is written `'\''`. The scripts of an export hold names from a scenario file, which may be
 * anyone's.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
