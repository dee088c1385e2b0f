/*
 * A CronJob's schedule as the API server checks it (pkg/apis/batch/validation validateScheduleFormat): the
 * standard five-field cron parser of github.com/robfig/cron/v3 (ParseStandard), with its error messages, and no
 * TZ in the schedule.
 */

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Minute, hour, day of month, month, day of week (robfig/cron's bounds). */
const fields: Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: Object.fromEntries(months.map((m, i) => [m, i + 1])) },
  { min: 0, max: 6, names: Object.fromEntries(days.map((d, i) => [d, i])) },
];

const descriptors = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

/** What the parser says about `schedule`, or undefined when Kubernetes accepts it. */
export function validateCronSchedule(schedule: string): string | undefined {
  const problem = parseStandard(schedule);
  if (problem) return problem;
  if (schedule.includes('TZ')) return 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead';
  return undefined;
}

function parseStandard(schedule: string): string | undefined {
  let spec = schedule;
  if (spec.length === 0) return 'empty spec string';
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    spec = space < 0 ? '' : spec.slice(space).trim();
  }
  if (spec.startsWith('@')) return parseDescriptor(spec);
  const parts = spec.split(/\s+/).filter((p) => p !== '');
  if (parts.length !== 5) return `expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`;
  for (let i = 0; i < 5; i++) {
    for (const expr of parts[i].split(',')) {
      const problem = rangeProblem(expr, fields[i]);
      if (problem) return problem;
    }
  }
  return undefined;
}

function parseDescriptor(spec: string): string | undefined {
  if (descriptors.includes(spec)) return undefined;
  if (spec.startsWith('@every ')) {
    const duration = spec.slice('@every '.length);
    if (/^([0-9]*(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+$/.test(duration) && /[0-9]/.test(duration))
      return undefined;
    return `failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(duration)}`;
  }
  return `unrecognized descriptor: ${spec}`;
}

/** robfig/cron's getRange: `*`, `?`, N, N-M, with an optional /STEP; the first problem, if any. */
function rangeProblem(expr: string, bounds: Bounds): string | undefined {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    [start, end] = [bounds.min, bounds.max];
  } else {
    const low = parseIntOrName(lowAndHigh[0], bounds.names);
    if (typeof low === 'string') return low;
    start = low;
    if (lowAndHigh.length > 2) return `too many hyphens: ${expr}`;
    const high = lowAndHigh.length === 2 ? parseIntOrName(lowAndHigh[1], bounds.names) : start;
    if (typeof high === 'string') return high;
    end = high;
  }
  let step = 1;
  if (rangeAndStep.length > 2) return `too many slashes: ${expr}`;
  if (rangeAndStep.length === 2) {
    const parsed = mustParseInt(rangeAndStep[1]);
    if (typeof parsed === 'string') return parsed;
    step = parsed;
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = bounds.max;
  }
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min}): ${expr}`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max}): ${expr}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expr}`;
  if (step === 0) return `step of range should be a positive number: ${expr}`;
  return undefined;
}

function parseIntOrName(expr: string, names?: Record<string, number>): number | string {
  const named = names && Object.hasOwn(names, expr.toLowerCase()) ? names[expr.toLowerCase()] : undefined;
  return named ?? mustParseInt(expr);
}

/** Go's strconv.Atoi and its error, then robfig/cron's refusal of negative numbers; a string is a problem. */
function mustParseInt(expr: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(expr))
    return `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`;
  const num = Number(expr);
  if (!Number.isSafeInteger(num))
    return `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: value out of range`;
  if (num < 0) return `negative number (${num}) not allowed: ${expr}`;
  return num;
}
