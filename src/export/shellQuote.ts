// Control characters (C0 and DEL), as the pattern's code points: lint forbids them written in a regular expression.
const controls = '\\u0000-\\u001f\\u007f';
const controlCharacter = new RegExp(`[${controls}]`);
/** What `$'…'` must escape: a backslash, a single quote, a control character. */
const escaped = new RegExp(`[\\\\'${controls}]`, 'g');

/**
 * A word for bash, quoted only when it must be: `three-tier` stays, `revert 6.7.0` becomes `'revert 6.7.0'` and
 * a single quote inside is written `'\''`. A word holding a control character (a newline, a carriage return, a
 * tab) is written `$'…'` with that character as `\xHH`, so the quoted word is always one line: it may stand in a
 * comment too, and an editor or terminal never shows a line the shell reads otherwise.
 *
 * The scripts and the README of an export hold text from a scenario file (its file name, revision names, titles,
 * Application names, commands), which may be anyone's: a link can carry a scenario. Every such text goes through
 * this one function and stands as a word of its own (never inside double quotes), so none of it runs as shell.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  if (controlCharacter.test(word))
    return `$'${word.replace(escaped, (c) =>
      c === '\\' || c === "'" ? `\\${c}` : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    )}'`;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
