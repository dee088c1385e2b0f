import { describe, expect, it } from 'vitest';
import { argocdVerbWords, interventionVerbOf, kubectlVerbWords } from './interventionVerb';
import { parseIntervention } from './intervention';

/** A line of each acting verb, as a learner would type it. */
const kubectlLines: Record<string, string> = {
  delete: 'kubectl delete deploy checkout',
  scale: 'kubectl -n checkout-dev scale deploy/checkout --replicas=0',
  edit: `kubectl edit cm/checkout-config -p '{"data":{"a":"b"}}'`,
  patch: `kubectl patch cm checkout-config --type merge -p '{"data":{"a":"b"}}'`,
  apply: 'kubectl apply -f envs/dev/checkout.yaml',
  set: 'kubectl set image deploy/checkout podinfo=podinfo:6.7.2',
  annotate: 'kubectl annotate deploy checkout team=a',
  label: 'kubectl label deploy checkout team=a',
  rollout: 'kubectl rollout restart deploy/checkout',
};
const argocdLines: Record<string, string> = {
  sync: 'argocd app sync checkout',
  get: 'argocd app get checkout --refresh',
  'terminate-op': 'argocd app terminate-op checkout',
  rollback: 'argocd app rollback checkout 1',
  'confirm-deletion': 'argocd app confirm-deletion checkout',
  set: 'argocd app set checkout --self-heal',
};

describe('which typed lines are interventions: one list, the parser’s', () => {
  it('every acting verb the parser names is an intervention, and the parser takes its line', () => {
    // A verb added to the parser's list without a line here fails this test, and so does a line the parser
    // refuses as an unknown verb: the list and the parser cannot drift apart.
    expect([...kubectlVerbWords].sort()).toEqual(Object.keys(kubectlLines).sort());
    expect([...argocdVerbWords].sort()).toEqual(Object.keys(argocdLines).sort());
    for (const [tool, lines] of [
      ['kubectl', kubectlLines],
      ['argocd', argocdLines],
    ] as const)
      for (const [verb, line] of Object.entries(lines)) {
        expect(interventionVerbOf(line), line).toEqual({ tool, verb });
        expect(parseIntervention(line), line).not.toHaveProperty('error');
      }
  });

  it('reading commands are not, nor a flag value taken for a verb', () => {
    for (const line of [
      'kubectl get pods',
      'kubectl -n delete get pods',
      'kubectl describe deploy checkout',
      'kubectl logs checkout-1',
      'argocd app get checkout',
      'argocd app list',
      'argocd app history checkout',
      'git log',
      'ls',
      '',
    ])
      expect(interventionVerbOf(line), line).toBeUndefined();
    expect(interventionVerbOf('git commit -m fix')).toEqual({ tool: 'git', verb: 'commit' });
  });

  it('a line the shell cannot split still reaches the parser, which prints bash’s error', () => {
    const line = `kubectl patch cm/x -p '{"data":`;
    expect(interventionVerbOf(line)).toEqual({ tool: 'kubectl', verb: 'patch' });
    expect(parseIntervention(line)).toEqual({
      error: "-bash: unexpected EOF while looking for matching `'`",
    });
  });
});
