import type { SimEvent } from '../../engine';

const logs = new WeakMap<readonly SimEvent[], Map<string, SimEvent[]>>();
const names = new WeakMap<readonly SimEvent[], string[]>();

/**
 * One Application's own log out of a run of several (contract.md §1.4): the events that carry `app: NAME`,
 * plus the run's commits. It has the shape of a single-Application log, so the resource timeline, the stack,
 * "why is it waiting?" and the result table show that Application unchanged.
 *
 * The same array comes back for the same log and name: frameAt keeps one cursor per log array.
 */
export function appLog(events: readonly SimEvent[], name: string): SimEvent[] {
  let byName = logs.get(events);
  if (!byName) logs.set(events, (byName = new Map()));
  let own = byName.get(name);
  if (!own) {
    own = events.filter((e) => e.app === name || e.type === 'commit');
    byName.set(name, own);
  }
  return own;
}

/**
 * Every Application a run knows of, by name: those its events belong to, those a parent applied and those an
 * ApplicationSet reports on. Empty for a single-Application log (its events carry no `app`).
 */
export function appNamesOf(events: readonly SimEvent[]): string[] {
  const known = names.get(events);
  if (known) return known;
  const set = new Set<string>();
  for (const e of events) {
    if (e.app !== undefined) set.add(e.app);
    if (e.type === 'apply' && e.kind === 'Application' && e.group === 'argoproj.io') set.add(e.name);
    if (e.type === 'appset-status') set.add(e.app);
  }
  const list = [...set].sort();
  names.set(events, list);
  return list;
}

/** Whether a run has several Applications, so the page shows them all (a single-app run looks as before). */
export function isPlatform(events: readonly SimEvent[]): boolean {
  return appNamesOf(events).length > 1;
}
