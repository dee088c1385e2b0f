/**
 * Argo CD's "safe" os library (util/lua/oslib_safe.go, copied there from gopher-lua's oslib.go): `time` and `date`,
 * reading the simulation's virtual clock instead of the controller's wall clock. The sandbox's controller runs in
 * UTC, as Argo CD's container image does unless TZ is set, so local time and `!` (UTC) agree.
 */

/** os.time(t): the seconds of a date table's fields (oslib_safe.go osTime; hour 12, min and sec 0 by default). */
export function osTimeOf(fields: {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
}): number {
  // Go's time.Date normalizes out-of-range fields (month 13 is January of the next year), as setUTCFullYear does;
  // Date.UTC would read years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.min, fields.sec, 0);
  return Math.floor(date.getTime() / 1000);
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * What each `%` flag becomes: oslib_safe.go cDateFlagToGo gives a Go layout, printed here as Go prints it in UTC.
 * `%a` maps to the layout "mon", which Go does not read as a weekday and prints as it is; `%x` is "15/04/05", the
 * time with slashes. Every flag not in the map, but `%w`, is printed as written.
 */
const flags: Record<string, (d: Date) => string> = {
  a: () => 'mon',
  A: (d) => weekdays[d.getUTCDay()],
  b: (d) => months[d.getUTCMonth()].slice(0, 3),
  B: (d) => months[d.getUTCMonth()],
  c: (d) =>
    `${two(d.getUTCDate())} ${months[d.getUTCMonth()].slice(0, 3)} ${two(d.getUTCFullYear() % 100)} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`,
  d: (d) => two(d.getUTCDate()),
  F: (d) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`,
  H: (d) => two(d.getUTCHours()),
  I: (d) => two(d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12),
  m: (d) => two(d.getUTCMonth() + 1),
  M: (d) => two(d.getUTCMinutes()),
  p: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  P: (d) => (d.getUTCHours() < 12 ? 'am' : 'pm'),
  S: (d) => two(d.getUTCSeconds()),
  x: (d) => `${two(d.getUTCHours())}/${two(d.getUTCMinutes())}/${two(d.getUTCSeconds())}`,
  X: (d) => `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`,
  y: (d) => two(d.getUTCFullYear() % 100),
  Y: (d) => String(d.getUTCFullYear()),
  z: () => '+0000',
  Z: () => 'UTC',
  w: (d) => String(d.getUTCDay()),
};

/** os.date(format) of `seconds` since the Unix epoch, as oslib_safe.go strftime formats it. */
export function osDateText(format: string, seconds: number): string {
  const date = new Date(seconds * 1000);
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%' || i === format.length - 1) out += c;
    else if (format[i + 1] === '%') {
      out += '%';
      i++;
    } else {
      const flag = format[++i];
      out += flags[flag]?.(date) ?? `%${flag}`;
    }
  }
  return out;
}

/** os.date('*t'): the fields gopher-lua fills (yday is always 0 and isdst false, as in oslib_safe.go). */
export function osDateFields(seconds: number): Record<string, number | boolean> {
  const d = new Date(seconds * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    min: d.getUTCMinutes(),
    sec: d.getUTCSeconds(),
    wday: d.getUTCDay() + 1,
    yday: 0,
    isdst: false,
  };
}
