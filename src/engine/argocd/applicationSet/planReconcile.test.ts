import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../types';
import { setApplicationSetStatusConditions, type ApplicationSetCondition } from './conditions';
import { planReconcile, type ReconcilePlan } from './planReconcile';

function platformStack(strategy: unknown, extra: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'platform-stack', namespace: 'argocd', uid: 'set-uid' },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [{ list: { elements: ['database', 'backend', 'frontend'].map((tier) => ({ tier })) } }],
      template: {
        metadata: { name: 'platform-{{.tier}}', labels: { tier: '{{.tier}}' } },
        spec: {
          project: 'default',
          source: { repoURL: 'https://git.example/platform.git', path: '{{.tier}}', targetRevision: 'HEAD' },
          destination: { server: 'https://kubernetes.default.svc', namespace: 'platform' },
          syncPolicy: { automated: { prune: true } },
        },
      },
      strategy,
      ...extra,
    },
  };
}

const rolling = {
  type: 'RollingSync',
  rollingSync: {
    steps: ['database', 'backend', 'frontend'].map((tier) => ({
      matchExpressions: [{ key: 'tier', operator: 'In', values: [tier] }],
      maxUpdate: '100%',
    })),
  },
};

const options = { now: '2026-01-01T00:00:00Z', progressiveSyncs: true, projects: new Set(['default']) };

/** Folds the plan's condition writes as the controller would. */
function finalConditions(plan: ReconcilePlan): ApplicationSetCondition[] {
  let conditions: ApplicationSetCondition[] = [];
  for (const write of plan.conditionWrites) {
    conditions = setApplicationSetStatusConditions(
      conditions,
      write.conditions,
      write.parametersGenerated,
      true,
      options.now,
    ).conditions;
  }
  return conditions;
}
const rows = (conditions: ApplicationSetCondition[]) =>
  conditions.map((c) => `${c.type} ${c.status} ${c.message}`);

describe('planReconcile', () => {
  it('t 0, first reconcile: creates the three apps with auto-sync forced off and no operation yet (§5.1)', () => {
    const plan = planReconcile(platformStack(rolling), [], options);
    expect(
      plan.apply.map((a) => [a.metadata.name, a.spec.syncPolicy.automated.enabled, a.operation]),
    ).toEqual([
      ['platform-backend', false, undefined],
      ['platform-database', false, undefined],
      ['platform-frontend', false, undefined],
    ]);
    expect(plan.statusWrites).toEqual([[], []]);
    expect(rows(finalConditions(plan))).toEqual([
      'ErrorOccurred False All applications have been generated successfully',
      'InvalidRolloutConfig False Rolling Sync Configured correctly',
      'ParametersGenerated True Successfully generated parameters for all Applications',
      'ResourcesUpToDate True All applications have been generated successfully',
      'RolloutProgressing False ApplicationSet Rollout has completed',
    ]);
  });

  it('TestNoApplicationStatusWhenNoSteps: stops before creating any Application', () => {
    const plan = planReconcile(
      platformStack({ type: 'RollingSync', rollingSync: { steps: [] } }),
      [],
      options,
    );
    expect(plan.apply).toEqual([]);
    expect(plan.statusWrites).toEqual([]);
    expect(plan.stoppedBy).toBe('No steps defined for rollout');
    expect(rows(finalConditions(plan))).toEqual([
      'ErrorOccurred True No steps defined for rollout',
      'ParametersGenerated True Successfully generated parameters for all Applications',
      'ResourcesUpToDate False No steps defined for rollout',
    ]);
  });

  it('turns a render error into ErrorOccurred RenderTemplateParamsError and writes nothing', () => {
    const set = platformStack(rolling);
    set.spec.template.spec.destination.namespace = '{{.namespace}}';
    const plan = planReconcile(set, [], options);
    expect(plan.apply).toEqual([]);
    expect(plan.conditionWrites[0].conditions[0]).toMatchObject({
      type: 'ErrorOccurred',
      reason: 'RenderTemplateParamsError',
    });
    expect(rows(finalConditions(plan))[1]).toBe(
      'ParametersGenerated False failed to execute go template {{.namespace}}: template: base:1:2: executing "base" ' +
        'at <.namespace>: map has no entry for key "namespace"',
    );
  });

  it('TestReconcilerValidationProjectErrorBehaviour: creates the valid apps and reports the invalid one', () => {
    const set = platformStack(undefined);
    set.spec.template.spec.project = 'team-{{.tier}}';
    const plan = planReconcile(set, [], { ...options, projects: new Set(['default', 'team-backend']) });
    expect(plan.apply.map((a) => a.metadata.name)).toEqual(['platform-backend']);
    expect(rows(finalConditions(plan))).toContain(
      'ErrorOccurred True application references project team-frontend which does not exist (and 1 more)',
    );
  });

  it('TestReconcileProgressiveSyncDisabled: clears the statuses and keeps the template auto-sync', () => {
    const set = platformStack(rolling);
    set.status = {
      applicationStatus: [
        {
          application: 'platform-database',
          status: 'Healthy',
          step: '1',
          message: '',
          lastTransitionTime: options.now,
        },
      ],
    };
    const plan = planReconcile(set, [], { ...options, progressiveSyncs: false });
    expect(plan.statusWrites).toEqual([[]]);
    expect(plan.apply[0].spec.syncPolicy.automated).toEqual({ prune: true });
  });

  it('deletes owned apps that are no longer generated', () => {
    const stale: KubeObject = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'platform-cache' },
    };
    expect(planReconcile(platformStack(undefined), [stale], options).delete).toEqual(['platform-cache']);
  });
});
