import type { SimEvent } from '../../engine';
import { appLog, isPlatform } from './appLog';
import { applicationsOf } from './applicationsOf';

/**
 * The log the single-Application parts of the page show (status cards, resource timeline, stack, result
 * table, "why is it waiting?"): the whole log of a single-app run, unchanged; in a run of several, the open
 * Application's own log, or the first root Application's (the parent) while all of them are shown.
 */
export function viewedLog(events: SimEvent[], app: string | undefined): SimEvent[] {
  if (!isPlatform(events)) return events;
  const apps = applicationsOf(events);
  const name = apps.some((a) => a.name === app) ? app! : apps[0].name;
  return appLog(events, name);
}
