/**
 * A Lua number as gopher-lua prints it (value.go `LNumber.String`): a value equal to its int64 conversion
 * (utils.go `isInteger`) as that integer, anything else as Go's `fmt.Sprint(float64)`, which is strconv's shortest
 * `'g'` format, switching to an exponent below 1e-4 and from 1e6 on (ftoa.go `formatDigits`: "if precision was the
 * shortest possible, use precision 6 for this decision") with at least two exponent digits, and `NaN`, `+Inf`,
 * `-Inf`. So `10/2` prints `5` (Lua 5.3: `5.0`), `1e15` prints `1000000000000000`, `0.1` prints `0.1`, `1234567.5`
 * prints `1.2345675e+06` and `1/0` prints `+Inf` (Lua 5.1: `inf`).
 */
export function goNumberString(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  // Go's int64(v) of a value out of range is the minimum int64 on amd64, which equals v only for -2^63 itself.
  if (Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63) return BigInt(n).toString();
  const [mantissa, exponentText] = n.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const exponent = Number(exponentText);
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 6) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${magnitude}`;
  }
  // Fixed notation: the decimal point sits after digit `exponent + 1` (before the first digit when negative).
  const point = exponent + 1;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  const whole = digits.slice(0, point).padEnd(point, '0');
  const fraction = digits.slice(point);
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
