import type { LinkState } from './linkState';

/**
 * One URL parameter of the page (contract.md §2): how it is written, read and documented. A value it cannot use
 * reads as undefined, and the parameter is then left out as if the link did not have it (the default applies),
 * rather than refused: a link is opened by someone who did not write it.
 */
export interface LinkParam<K extends keyof LinkState = keyof LinkState> {
  /** The parameter's name in the link. */
  key: string;
  /** The field of LinkState it fills. */
  field: K;
  /** The value's form, for the contract's table. */
  value: string;
  /** The lowest and highest number it accepts, both included, where it is a number. */
  bounds?: readonly [number, number];
  /** What applies without it, for the contract's table. */
  default: string;
  /**
   * Whether it applies to one run only: the compare view cannot show it, and names it rather than drop it
   * silently (pageMode.ts `ignoredByCompare`).
   */
  oneRun: boolean;
  /** What it does, for the contract's table. */
  meaning: string;
  /**
   * Two values the parameter reads differently, the first written back exactly as it is here: the table's tests
   * round-trip the first and check that a hash holding one wins over a query holding the other.
   */
  examples: readonly [string, string];
  read(text: string): LinkState[K] | undefined;
  /** The text for a value, or undefined when the value is written as no parameter at all. */
  write(value: NonNullable<LinkState[K]>): string | undefined;
}

/** A row of the table, its field's type checked against its reader and writer. */
export function linkParam<K extends keyof LinkState>(param: LinkParam<K>): LinkParam<K> {
  return param;
}

/** Any row of the table. */
export type AnyLinkParam = { [K in keyof LinkState]-?: LinkParam<K> }[keyof LinkState];
