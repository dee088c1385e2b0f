/**
 * The cron schedule of a sync window, as Argo CD parses and steps it (pkg/apis/application/v1alpha1/types.go
 * `SyncWindow.active`: `cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow)` of
 * github.com/robfig/cron/v3 at v3.0.2-0.20210106135023-bc59245fe10e, parser.go and spec.go).
 *
 * That parser takes exactly five fields and, unlike `ParseStandard`, no descriptor: `@daily` is refused with
 * robfig's "parser does not accept descriptors". A `TZ=`/`CRON_TZ=` prefix, which robfig accepts, is refused here
 * with a sentence of our own (the window's `timeZone` says the same thing, and zones are limited, syncWindows.ts).
 * Times are milliseconds since the Unix epoch, in UTC: the controller's `time.Local` is UTC in its container.
 */

/** One parsed schedule: the set of values each field allows, and whether day of month or week was a star. */
export interface CronSchedule {
  minute: Set<number>;
  hour: Set<number>;
  dom: Set<number>;
  month: Set<number>;
  dow: Set<number>;
  /** robfig's `starBit`: `*` or `?` without a step above 1 makes the day fields combine with AND, else OR. */
  domStar: boolean;
  dowStar: boolean;
}

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const bounds: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: Object.fromEntries(monthNames.map((m, i) => [m, i + 1])) },
  { min: 0, max: 6, names: Object.fromEntries(dayNames.map((d, i) => [d, i])) },
];

/** Parse `spec`; a string is robfig's error (without Argo CD's "cannot parse schedule" prefix). */
export function parseCron(spec: string): CronSchedule | string {
  if (spec.length === 0) return 'empty spec string';
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ='))
    return 'a TZ= or CRON_TZ= prefix is not simulated; give the window a timeZone instead';
  if (spec.startsWith('@')) return `parser does not accept descriptors: ${spec}`;
  return readCronFields(spec);
}

/**
 * robfig's `Parser.Parse` after its descriptor and time-zone steps: the five fields of `spec` (minute, hour, day of
 * month, month, day of week; split on spaces, each a comma list of ranges, empty items dropped as
 * `strings.FieldsFunc` drops them), or robfig's first error. Shared by the sync windows here and the CronJob
 * validation of manifests (src/scenarios/validateCronSchedule.ts), which has its own descriptors and TZ rule.
 */
export function readCronFields(spec: string): CronSchedule | string {
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  const sets: Set<number>[] = [];
  const stars: boolean[] = [];
  for (let i = 0; i < 5; i++) {
    const set = new Set<number>();
    let star = false;
    for (const expr of fields[i].split(',').filter((e) => e !== '')) {
      const range = parseRange(expr, bounds[i]);
      if (typeof range === 'string') return range;
      for (let v = range.start; v <= range.end; v += range.step) set.add(v);
      star ||= range.star;
    }
    sets.push(set);
    stars.push(star);
  }
  return {
    minute: sets[0],
    hour: sets[1],
    dom: sets[2],
    month: sets[3],
    dow: sets[4],
    domStar: stars[2],
    dowStar: stars[4],
  };
}

/** robfig's getRange: `*`, `?`, N, N-M, each with an optional /STEP ("N/step" means "N-max/step"). */
function parseRange(
  expr: string,
  b: Bounds,
): { start: number; end: number; step: number; star: boolean } | string {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    [start, end, star] = [b.min, b.max, true];
  } else {
    const low = intOrName(lowAndHigh[0], b.names);
    if (typeof low === 'string') return low;
    start = low;
    if (lowAndHigh.length > 2) return `too many hyphens: ${expr}`;
    const high = lowAndHigh.length === 2 ? intOrName(lowAndHigh[1], b.names) : start;
    if (typeof high === 'string') return high;
    end = high;
  }
  let step = 1;
  if (rangeAndStep.length > 2) return `too many slashes: ${expr}`;
  if (rangeAndStep.length === 2) {
    const parsed = nonNegativeInt(rangeAndStep[1]);
    if (typeof parsed === 'string') return parsed;
    step = parsed;
    if (lowAndHigh.length === 1) end = b.max;
    if (step > 1) star = false;
  }
  if (start < b.min) return `beginning of range (${start}) below minimum (${b.min}): ${expr}`;
  if (end > b.max) return `end of range (${end}) above maximum (${b.max}): ${expr}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expr}`;
  if (step === 0) return `step of range should be a positive number: ${expr}`;
  return { start, end, step, star };
}

function intOrName(expr: string, names?: Record<string, number>): number | string {
  const key = expr.toLowerCase();
  if (names && Object.hasOwn(names, key)) return names[key];
  return nonNegativeInt(expr);
}

/** Go's strconv.Atoi with its errors, then robfig's refusal of negative numbers. */
function nonNegativeInt(expr: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(expr))
    return `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`;
  const num = Number(expr);
  if (!Number.isSafeInteger(num))
    return `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: value out of range`;
  if (num < 0) return `negative number (${num}) not allowed: ${expr}`;
  return num;
}

/** robfig's dayMatches: both day fields restricted → either may match; one of them a star → both must. */
function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.dom.has(d.getUTCDate());
  const dow = s.dow.has(d.getUTCDay());
  return s.domStar || s.dowStar ? dom && dow : dom || dow;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

/**
 * robfig's `SpecSchedule.Next`: the first activation strictly after `ms` (whole minutes, as the seconds field
 * of a five-field schedule is 0), or undefined when none falls within five years (Go returns the zero time).
 */
export function nextActivation(s: CronSchedule, ms: number): number | undefined {
  let t = Math.floor(ms / MINUTE) * MINUTE + MINUTE;
  const yearLimit = new Date(t).getUTCFullYear() + 5;
  for (;;) {
    const d = new Date(t);
    if (d.getUTCFullYear() > yearLimit) return undefined;
    if (!s.month.has(d.getUTCMonth() + 1)) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      continue;
    }
    if (!dayMatches(s, d)) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
      continue;
    }
    if (!s.hour.has(d.getUTCHours())) {
      t = Math.floor(t / HOUR) * HOUR + HOUR;
      continue;
    }
    if (!s.minute.has(d.getUTCMinutes())) {
      t += MINUTE;
      continue;
    }
    return t;
  }
}
