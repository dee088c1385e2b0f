import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from './shellQuote';

describe('shellQuote', () => {
  it.each([
    ['three-tier', 'three-tier'],
    ['revert 6.7.0', "'revert 6.7.0'"],
    ["it's", "'it'\\''s'"],
    ['', "''"],
    ['a\nb', "$'a\\x0ab'"],
    ["\\'\r", "$'\\\\\\'\\x0d'"],
  ])('writes %j as %s, one line, which bash reads back as the same text', (word, quoted) => {
    expect(shellQuote(word)).toBe(quoted);
    const echoed = spawnSync('bash', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' });
    expect(echoed.stdout).toBe(word);
  });

  it('keeps every payload of a scenario text as data: bash prints it and runs none of it', () => {
    const word = "$(echo ran) `echo ran` ${IFS} ' \" \\ ; echo ran\necho ran $'x' \t!!";
    const echoed = spawnSync('bash', ['-c', `printf %s ${shellQuote(word)}`], { encoding: 'utf8' });
    expect(echoed.stdout).toBe(word);
    expect(shellQuote(word)).not.toContain('\n');
  });
});
