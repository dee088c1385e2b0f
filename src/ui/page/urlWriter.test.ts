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
});
