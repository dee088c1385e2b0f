import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JsonAny, SimEvent } from '../../engine';
import { runSimOnDisk as run } from '../../../test/kits/runSim.testKit';

/**
 * `sim run --repo DIR argo.yaml --progressive-syncs` on an ApplicationSet-only input, the README's example
 * (test/fixtures/platform-stack): contract.md §1.4, argocd-semantics.md §5.1 and §5.6.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'test/fixtures/platform-stack';

const stack = ['--repo', `${fixtures}/repo`, `${fixtures}/platform-stack.yaml`];

describe('sim run --repo with an ApplicationSet (contract.md §1.4)', () => {
  it('--progressive-syncs --json: applicationSets as kubectl get applicationset -o json, the rollout in events', () => {
    const result = run([...stack, '--progressive-syncs', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      application: JsonAny;
      applicationSets: JsonAny[];
      events: SimEvent[];
    };
    // Only an ApplicationSet given: `application` is the first generated Application by name.
    expect(json.application.metadata.name).toBe('platform-backend');
    const [set] = json.applicationSets;
    expect(set.kind).toBe('ApplicationSet');
    expect(set.spec.strategy.type).toBe('RollingSync');
    expect(
      set.status.applicationStatus.map((e: JsonAny) => `${e.application} ${e.step} ${e.status}`),
    ).toEqual(['platform-backend 2 Healthy', 'platform-database 1 Healthy', 'platform-frontend 3 Healthy']);
    expect(set.status.conditions.map((c: JsonAny) => c.type)).toEqual([
      'ErrorOccurred',
      'InvalidRolloutConfig',
      'ParametersGenerated',
      'ResourcesUpToDate',
      'RolloutProgressing',
    ]);
    const ops = json.events.filter((e) => e.type === 'app-operation');
    expect(ops.map((e) => (e.type === 'app-operation' ? `${e.app} ${e.initiator}` : ''))).toEqual([
      'platform-database applicationset-controller',
      'platform-backend applicationset-controller',
      'platform-frontend applicationset-controller',
    ]);
  });

  it('the text output ends with argocd appset get', () => {
    const result = run([...stack, '--progressive-syncs']);
    expect(result.code).toBe(0);
    const tail = result.stdout.slice(result.stdout.indexOf('Name:'));
    expect(tail).toMatch(/^Name:\s+argocd\/platform-stack\nProject:\s+platform\n/);
    expect(tail).toMatch(/\nCONDITION\s+STATUS\s+MESSAGE\s+LAST TRANSITION\n/);
    expect(result.stdout).toMatch(
      /\nRolloutProgressing\s+False\s+ApplicationSet Rollout has completed\s+2026-01-01/,
    );
  });

  it('without --progressive-syncs the strategy is ignored: no applicationStatus, and nothing syncs the apps', () => {
    const json = JSON.parse(run([...stack, '--json']).stdout) as {
      applicationSets: JsonAny[];
      events: SimEvent[];
    };
    expect(json.applicationSets[0].status.applicationStatus).toBeUndefined();
    expect(json.events.filter((e) => e.type === 'app-operation')).toEqual([]);
  });

  it('a template key missing under missingkey=error: exit 2 at the template, nothing on stdout', () => {
    const file = `${fixtures}/platform-stack.yaml`;
    const text = readFileSync(`${root}${file}`, 'utf8').replace(
      "path: '{{.component}}'",
      "path: '{{.tier}}'",
    );
    const result = run(['--repo', `${fixtures}/repo`, file], { [file]: text });
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('{{.tier}}')) + 1;
    const column = lines[line - 1].indexOf('.tier') + 1;
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `${file}:${line}:${column}: ApplicationSet platform-stack: failed to execute go template`,
    );
    expect(result.stderr).toContain('map has no entry for key "tier"');
  });

  it('an unknown generator: exit 2 with a clear message', () => {
    const file = `${fixtures}/platform-stack.yaml`;
    const text = readFileSync(`${root}${file}`, 'utf8').replace('  - list:\n', '  - lists:\n');
    const result = run(['--repo', `${fixtures}/repo`, file], { [file]: text });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /platform-stack\.yaml:\d+:\d+: ApplicationSet platform-stack: unrecognized generator: lists/,
    );
  });
});
