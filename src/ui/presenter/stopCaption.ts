import type { SimEvent } from '../../engine';
import { appliedAs } from '../../cursor/appliedAs';

/**
 * A caption for a PageDown stop that no story beat covers (three-tier had 13 stops and 5 beats), told
 * from the run's events at that moment, most telling first: the operation ending, a phase or wave starting, an
 * object's or a hook's health (Healthy, Degraded… before Progressing), a hook's result, an object applied, the app's health changing, else what
 * the operation is waiting for. Undefined when nothing happens at `t`.
 */
export function stopCaption(events: readonly SimEvent[], t: number): string | undefined {
  const at = events.filter((e) => Math.abs(e.t - t) < 1e-6);
  if (at.length === 0) return undefined;
  const op = at.filter((e) => e.type === 'operation' && e.phase !== 'Running').at(-1);
  if (op?.type === 'operation') return `The operation ends ${op.phase}: ${op.message}.`;
  const step = at.find((e) => e.type === 'step');
  if (step?.type === 'step')
    return step.phase === 'Sync'
      ? `Sync wave ${step.wave} begins.`
      : `${step.phase} begins (wave ${step.wave}).`;
  const health =
    at.find((e) => e.type === 'health' && e.status !== 'Progressing') ?? at.find((e) => e.type === 'health');
  if (health?.type === 'health') {
    const what = `${health.hook ? 'The hook ' : ''}${health.kind}/${health.name}`;
    return `${what} is ${health.status}${health.message ? `: ${health.message}` : ''}.`;
  }
  const hook = at.find((e) => e.type === 'result' && e.hookType !== '' && e.hookPhase !== 'Running');
  if (hook?.type === 'result')
    return `The ${hook.hookType} hook ${hook.kind}/${hook.name} ${hook.hookPhase}.`;
  const apply = at.find((e) => e.type === 'apply');
  // kubectl's word, as the terminal prints it (`unchanged` for an in-sync object), not the event's coarse result.
  if (apply?.type === 'apply') return `${apply.kind}/${apply.name} ${appliedAs(apply)}.`;
  const app = at.filter((e) => e.type === 'app').at(-1);
  if (app?.type === 'app') return `The app is ${app.health} and ${app.sync}.`;
  const waiting = at.filter((e) => e.type === 'operation' && e.message !== '').at(-1);
  if (waiting?.type === 'operation') return `The operation is ${waiting.message}.`;
  return undefined;
}
