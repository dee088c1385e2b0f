/**
 * The one source of randomness of a simulation: a seeded generator (mulberry32), so the same seed gives the
 * same start-up jitter, the same pod names and therefore the same event log, byte for byte (style.md rule 5).
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** `base` ms plus or minus up to `fraction` of it, rounded to whole ms. */
  jitter(base: number, fraction = 0.2): number {
    return Math.max(0, Math.round(base * (1 + fraction * (2 * this.next() - 1))));
  }

  /** A Kubernetes-style random name suffix (apimachinery's `rand.String`, same alphabet). */
  suffix(length = 5): string {
    let out = '';
    for (let i = 0; i < length; i++) out += SAFE_ALPHABET[this.int(SAFE_ALPHABET.length)];
    return out;
  }
}

/** The alphabet Kubernetes uses for generated names: no vowels, no look-alike digits. */
export const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** A stable 10-character hash of a string in the same alphabet (for pod-template-hash and revisions). */
export function safeHash(text: string, length = 10): string {
  // FNV-1a, widened to two 32-bit lanes so that long hashes do not repeat.
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  let out = '';
  for (let i = 0; i < length; i++) {
    const lane = i % 2 === 0 ? h1 : h2;
    out += SAFE_ALPHABET[(lane >>> ((i * 3) % 29)) % SAFE_ALPHABET.length];
    h1 = Math.imul(h1 ^ (h2 >>> 7), 0x01000193);
    h2 = Math.imul(h2 ^ (h1 >>> 11), 0x5bd1e995);
  }
  return out;
}
