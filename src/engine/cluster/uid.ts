import type { Rng } from '../random';

const HEX_DIGITS = '0123456789abcdef';

/**
 * A deterministic UID in the UUID shape (version 4, variant a), drawn from the seeded generator: the object
 * store gives one to every object it creates.
 *
 * A plain loop, drawing the same digits in the same order as before: an array and a closure per group, five
 * groups per object, were a visible part of creating a big app's objects. The groups are drawn left to right,
 * as a template literal evaluates them.
 */
export function newUid(rng: Rng): string {
  return `${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-a${hex(rng, 3)}-${hex(rng, 12)}`;
}

/** `n` hex digits from the generator (a function of its own, not a closure made for every object created). */
function hex(rng: Rng, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += HEX_DIGITS[rng.int(16)];
  return out;
}
