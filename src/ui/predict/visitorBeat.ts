import type { SimEvent } from '../../engine';
import { frameAt } from '../../cursor/frameAt';
import { visitorAt, type VisitorModel, type VisitorSees } from '../../cursor/visitorAt';
import type { PredictBeat } from './predictBeat';

const choices: [VisitorSees, string][] = [
  ['maintenance', 'The maintenance page'],
  ['mixed', 'Old and new pages, request by request'],
  ['nothing', 'An error page: no pod serves'],
];

/**
 * The predict question of a run with maintenance hooks (src/cursor/visitorAt.ts): just before the wave that
 * applies the frontend, what does a visitor see while it rolls out? The answer is what visitorAt says at the
 * moment the first new frontend pod is Ready, when old and new pods both serve unless the page is up.
 */
export function visitorBeat(
  events: readonly SimEvent[],
  model: VisitorModel | undefined,
): PredictBeat | undefined {
  if (!model || model.problem !== undefined) return undefined;
  const apply = events.find(
    (e): e is Extract<SimEvent, { type: 'apply' }> =>
      e.type === 'apply' && e.t >= 0 && model.frontend.has(`${e.kind}/${e.name}`),
  );
  if (!apply) return undefined;
  const firstNew = events.find(
    (e) =>
      e.type === 'pod' &&
      e.t >= apply.t &&
      e.ready &&
      model.targetImages.get(`${e.ownerKind}/${e.ownerName}`) === e.image,
  );
  if (!firstNew) return undefined;
  const seen = visitorAt(model, frameAt(events, firstNew.t));
  const answer = choices.findIndex(([sees]) => sees === seen.sees);
  if (answer < 0) return undefined;
  return {
    id: `visitor-${apply.t}`,
    t: Math.max(0, apply.t - 0.05),
    question: `Sync wave ${apply.wave} rolls out the frontend (${apply.kind} ${apply.name}). What does a visitor see while its pods are replaced?`,
    choices: choices.map(([, text]) => text),
    answer,
    explanation:
      seen.sees === 'maintenance'
        ? `The maintenance page: the Sync hook of an earlier wave put it up, and Argo CD starts the wave of the hook that takes it down only when wave ${apply.wave} is Healthy (gitops-engine sync_tasks.go orders hooks with the resources by wave).`
        : `${seen.text} Nothing holds the maintenance page up until the rollout ends: the hook that takes it down is not in a later wave than the frontend.`,
    moment: firstNew.t,
  };
}
