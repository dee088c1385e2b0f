import type { SimEvent, SyncPhase } from '../../engine';
import { appLog } from './appLog';
import { applicationsOf } from './applicationsOf';

/** One (phase, wave) step of a parent Application's sync, drawn over its children's lanes. */
export interface WaveSpan {
  parent: string;
  phase: SyncPhase;
  wave: number;
  t0: number;
  t1: number;
  /** The child Applications the parent applied in this step. */
  children: string[];
}

const endPhases = new Set(['Succeeded', 'Failed', 'Error']);

/**
 * The steps of every parent's sync (an Application that applied child Applications), each from its `step`
 * event to the next step or the end of that operation, so the page shows which wave of children was applied
 * when, and how long the parent stayed in it (argocd-semantics.md §5.2).
 */
export function parentWavesOf(events: readonly SimEvent[], endT: number): WaveSpan[] {
  const spans: WaveSpan[] = [];
  for (const node of applicationsOf(events)) {
    if (node.children.length === 0) continue;
    let open: WaveSpan | undefined;
    const close = (t: number) => {
      if (open) open.t1 = Math.max(open.t0, t);
      open = undefined;
    };
    for (const e of appLog(events, node.name)) {
      if (e.t < 0) continue;
      if (e.type === 'step') {
        close(e.t);
        open = { parent: node.name, phase: e.phase, wave: e.wave, t0: e.t, t1: endT, children: [] };
        spans.push(open);
      } else if (e.type === 'apply' && e.kind === 'Application' && open) {
        if (!open.children.includes(e.name)) open.children.push(e.name);
      } else if (e.type === 'operation' && endPhases.has(e.phase)) close(e.t);
    }
    close(endT);
  }
  return spans;
}
