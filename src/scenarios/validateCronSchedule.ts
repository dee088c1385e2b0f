/*
 * A CronJob's schedule as the API server checks it (pkg/apis/batch/validation validateScheduleFormat): the
 * standard five-field cron parser of github.com/robfig/cron/v3 (ParseStandard), with its error messages, and no
 * TZ in the schedule. ParseStandard differs from the sync windows' parser only before the fields are read (it
 * takes descriptors and a TZ= prefix), so the fields are read by the engine's reader (cron.ts `readCronFields`).
 */
import { readCronFields } from '../engine';

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
  const fields = readCronFields(spec);
  return typeof fields === 'string' ? fields : undefined;
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
