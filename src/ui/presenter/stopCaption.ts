import type { SimEvent } from '../../engine';
import { appliedAs } from '../../cursor/appliedAs';

/**
 * A caption for a PageDown stop that no story beat covers (three-tier had 13 stops and 5 beats), told
 * from the run's events at that moment, most telling first: the operation ending, a phase or wave starting, an
 * object's or a hook's health (Healthy, Degraded… before Progressing), a hook's result, an object applied, the app's health changing, else what
 * the operation is waiting for. Undefined when nothing happens at `t`.
 */
export function stopCaption(events: readonly SimEvent[], t: number): string | undefined {
  return toldAt(events, t)?.text;
}

/**
 * stopCaption for a run of several Applications (app of apps, an ApplicationSet): the caption begins with the
 * Application whose event it tells ("projects: The operation ends Succeeded…"), since the status cards may show
 * another one at that moment (issue 32: "The operation ends Succeeded" beside "platform: Syncing").
 */
export function namedStopCaption(events: readonly SimEvent[], t: number): string | undefined {
  const told = toldAt(events, t);
  if (!told) return undefined;
  return told.app ? `${told.app}: ${told.text}` : told.text;
}

/** The caption at `t` and the Application of the event it tells (absent in a run of one Application). */
function toldAt(events: readonly SimEvent[], t: number): { text: string; app?: string } | undefined {
  const at = events.filter((e) => Math.abs(e.t - t) < 1e-6);
  if (at.length === 0) return undefined;
  const told = (e: SimEvent, text: string) => ({ text, app: e.app });
  const op = at.filter((e) => e.type === 'operation' && e.phase !== 'Running').at(-1);
  if (op?.type === 'operation') return told(op, `The operation ends ${op.phase}: ${op.message}.`);
  const step = at.find((e) => e.type === 'step');
  if (step?.type === 'step')
    return told(
      step,
      step.phase === 'Sync' ? `Sync wave ${step.wave} begins.` : `${step.phase} begins (wave ${step.wave}).`,
    );
  const health =
    at.find((e) => e.type === 'health' && e.status !== 'Progressing') ?? at.find((e) => e.type === 'health');
  if (health?.type === 'health') {
    const what = `${health.hook ? 'The hook ' : ''}${health.kind}/${health.name}`;
    return told(health, `${what} is ${health.status}${health.message ? `: ${health.message}` : ''}.`);
  }
  const hook = at.find((e) => e.type === 'result' && e.hookType !== '' && e.hookPhase !== 'Running');
  if (hook?.type === 'result')
    return told(hook, `The ${hook.hookType} hook ${hook.kind}/${hook.name} ${hook.hookPhase}.`);
  const apply = at.find((e) => e.type === 'apply');
  // kubectl's word, as the terminal prints it (`unchanged` for an in-sync object), not the event's coarse result.
  if (apply?.type === 'apply') return told(apply, `${apply.kind}/${apply.name} ${appliedAs(apply)}.`);
  const app = at.filter((e) => e.type === 'app').at(-1);
  if (app?.type === 'app') return told(app, `The app is ${app.health} and ${app.sync}.`);
  const waiting = at.filter((e) => e.type === 'operation' && e.message !== '').at(-1);
  if (waiting?.type === 'operation') return told(waiting, `The operation is ${waiting.message}.`);
  return undefined;
}
