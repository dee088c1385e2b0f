/**
 * A derived value whose readers hear of it only when it changes. A `$derived` that depends on the cursor is
 * worked out again on every frame while playing, and every effect that reads it is scheduled and checked again,
 * even when it comes out the same: the order table's current step, read by each of its 200 rows, made Svelte
 * mark and check 400 effects on every frame. Here one effect works the value out, and the readers depend on a
 * state that is written only when the value is a different one (`===`). Create it while a component is set up.
 *
 * @example
 * const current = new Settled(() => editing.current);
 * // <OrderTable current={current.value} />
 */
export class Settled<T> {
  value: T = $state.raw() as T;

  /**
   * `hold`, when given, keeps the value as it is while it says so (a part out of view while playing): the source
   * is not even read then, and the value catches up as soon as `hold` turns false.
   */
  constructor(read: () => T, hold: () => boolean = () => false) {
    this.value = read();
    // Writing the same value to a state changes nothing, so its readers are not scheduled.
    $effect.pre(() => {
      if (hold()) return;
      this.value = read();
    });
  }
}
