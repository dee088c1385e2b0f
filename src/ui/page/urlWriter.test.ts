import { describe, expect, it } from 'vitest';
import { UrlWriter } from './urlWriter';

describe('UrlWriter', () => {
  it('writes a link, and skips one the address bar shows already', () => {
    const written: string[] = [];
    const writer = new UrlWriter((s) => written.push(s));
    writer.write('?t=1');
    writer.write('?t=1');
    writer.write('?t=2');
    writer.write('?t=1');
    expect(written).toEqual(['?t=1', '?t=2', '?t=1']);
  });

  it('skips the link the page was opened with, and writes the next one', () => {
    const written: string[] = [];
    const writer = new UrlWriter((s) => written.push(s), 5000, '?scenario=three-tier');
    writer.write('?scenario=three-tier');
    writer.write('?scenario=three-tier&t=2');
    expect(written).toEqual(['?scenario=three-tier&t=2']);
  });
});
