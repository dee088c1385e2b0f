/**
 * A command line split into words as a POSIX shell would for the forms an intervention uses: blanks separate
 * words, single quotes keep everything, double quotes keep everything but `\"` and `\\`, and a backslash outside
 * quotes escapes the next character. Returns the words, or why the line cannot be read (an open quote).
 *
 * @example
 * commandWords(`kubectl patch cm/x -p '{"data":{"a":"b c"}}'`); // ['kubectl', 'patch', 'cm/x', '-p', '{"data":{"a":"b c"}}']
 */
export function commandWords(line: string): string[] | { error: string } {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: "unexpected EOF while looking for matching `'`" };
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++;
        word += line[j];
      }
      if (j >= line.length) return { error: 'unexpected EOF while looking for matching `"`' };
      inWord = true;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
