import { describe, expect, it } from 'vitest';
import { encodeInterventions, readInterventions } from './interventionLink';

/** A `do=` value holding any JSON text, as a mistyped or hand-made link would. */
const linkOf = (json: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('readInterventions (a do= value)', () => {
  it('reads what the page writes', () => {
    const list = [{ at: 40, command: 'kubectl delete deploy checkout', namespace: 'checkout-dev' }];
    expect(readInterventions(encodeInterventions(list))).toEqual({ ok: true, list });
  });

  // Issue 31: each of these was dropped with no word; the page now shows the reason (PageMessages.svelte).
  it.each([
    ['garbage', 'not base64!', 'it holds characters a do= value never has'],
    [
      'cut short',
      encodeInterventions([{ at: 40, command: 'kubectl delete deploy checkout' }]).slice(0, 21),
      'the link may have been cut short',
    ],
    ['one character of base64', 'W', 'it is not base64url text (the link may have been cut short)'],
    ['not UTF-8', linkOf('[[1,"x"]]').slice(0, 2) + '_w', 'it is not'],
    ['an object', linkOf('{"at":1}'), 'it is not a list of commands'],
    [
      'a bare command',
      linkOf('[["kubectl get pods"]]'),
      'command 1 is not [seconds, command] or [seconds, command, namespace]',
    ],
    ['the second as text', linkOf('[[1,"a"],["40","b"]]'), 'command 2 is not [seconds, command]'],
    ['a namespace that is not text', linkOf('[[1,"a",7]]'), 'command 1 is not [seconds, command]'],
    ['four fields', linkOf('[[1,"a","ns","x"]]'), 'command 1 is not [seconds, command]'],
    ['a negative second', linkOf('[[-1,"a"]]'), 'command 1: its second is not a number ≥ 0'],
    [
      'a too long command',
      linkOf(JSON.stringify([[1, 'x'.repeat(2001)]])),
      'command 1 is longer than 2000 characters',
    ],
  ])('refuses %s, saying why', (_, value, reason) => {
    const reading = readInterventions(value);
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.reason).toContain(reason);
  });
});
