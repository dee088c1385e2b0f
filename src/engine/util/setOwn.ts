/**
 * Sets `key` on a plain object as an own, enumerable property. A key read from the user's input may be
 * `__proto__`, which is a valid label, annotation or ConfigMap data key; `out[key] = value` would set the object's
 * prototype instead and drop the key without a word, so that one key is defined rather than assigned.
 */
export function setOwn<T>(out: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
