import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readerImpl } from '../scenarios/readerImpl';
import { answerRequest, type RunReply } from '../scenarios/workerProtocol';

const scenario = readerImpl.parseScenario(
  readFileSync('scenarios/three-tier.yaml', 'utf8'),
  'scenarios/three-tier.yaml',
);

/*
 * On the page: the simulation worker answers a run whose health Lua was stopped by a limit with an input
 * error (the page shows its message, as it does for Lua that does not parse), not with a run.
 */
describe('the page and a health Lua stopped by a limit', () => {
  it('the worker answers with an input error naming the argocd-cm key and the limit', async () => {
    const replies: RunReply[] = [];
    const argocdCmData = {
      'resource.customizations.health.ConfigMap': "s = 'x' while true do s = s .. s end",
      'resource.customizations.health.apps_Deployment':
        'while true do pcall(function() while true do end end) end',
    };
    await answerRequest({ id: 3, scenario, options: { argocdCmData } }, (reply) => replies.push(reply));
    const last = replies.at(-1);
    expect(last?.kind).toBe('input-error');
    if (last?.kind !== 'input-error') return;
    expect(last.detail).toMatch(
      /^the health Lua of resource\.customizations\.health\.(ConfigMap|apps_Deployment) was stopped: .*health script (built a string of more than 1048576 bytes|exceeded its limit of 1000000 steps)$/,
    );
  });
});
