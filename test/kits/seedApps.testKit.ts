import type { KubeObject } from '../../src/engine/types';
import { configMap, deployment, job, service, statefulSet } from './simulation.testKit';

/**
 * The apps of the seed material (scenarios/*.yaml), written as objects for the engine tests, which may not
 * read YAML. They follow the scenario files closely; test/scenarios.test.ts checks the files themselves.
 */

/** scenarios/three-tier.yaml: ConfigMap (wave -1), Postgres (0), backend API (1), frontend (2), two hooks. */
export function threeTier(): KubeObject[] {
  return [
    configMap('database-config', { wave: -1, data: { POSTGRES_DB: 'appdb' } }),
    statefulSet('postgres', { wave: 0, image: 'postgres:16', port: 5432, readySeconds: 5 }),
    service('postgres', { wave: 0, port: 5432 }),
    deployment('backend-api', {
      wave: 1,
      image: 'ghcr.io/stefanprodan/podinfo:6.7.1',
      port: 9898,
      replicas: 2,
    }),
    service('backend-api', { wave: 1, port: 8080, targetPort: 9898 }),
    deployment('frontend', { wave: 2, image: 'nginx:1.27', replicas: 2 }),
    service('frontend', { wave: 2 }),
    job('database-migration', {
      hook: 'PreSync',
      policy: 'HookSucceeded',
      image: 'migrate/migrate:v4',
      script: 'echo "1/u create_orders (applying)"\nsleep 4\necho "1/u create_orders (4.1s)"',
    }),
    job('smoke-test', {
      hook: 'PostSync',
      policy: 'HookSucceeded',
      image: 'curlimages/curl:8.11.1',
      script:
        'curl -f http://backend-api:8080/healthz || exit 1\ncurl -f http://frontend:80/ || exit 1\necho passed',
    }),
  ];
}

/**
 * scenarios/failing-migration.yaml and failing-smoke-test.yaml: checkout runs podinfo at `version` in
 * checkout-dev, with a PreSync migration, a PostSync smoke test and a SyncFail notification, all with the
 * default BeforeHookCreation policy.
 */
export function checkout(
  version: string,
  options: { migrationFails?: boolean; smokePath?: string } = {},
): KubeObject[] {
  const image = `ghcr.io/stefanprodan/podinfo:${version}`;
  const migrate = `echo "migrating schema for checkout ${version}"\nsleep 3\n`;
  const path = options.smokePath ?? '/healthz';
  return [
    configMap('checkout-config', { wave: -1, data: { PODINFO_UI_MESSAGE: `checkout ${version}` } }),
    deployment('checkout', { image, port: 9898, replicas: 2 }),
    service('checkout', { port: 9898 }),
    job('checkout-migrate', {
      hook: 'PreSync',
      image,
      script: options.migrationFails
        ? `${migrate}echo "ERROR: relation already exists"\nexit 1`
        : `${migrate}echo done`,
    }),
    job('checkout-smoke-test', {
      hook: 'PostSync',
      image: 'curlimages/curl:8.11.1',
      script: `echo "checking ${path}"\ncurl -sS -f http://checkout:9898${path} || exit 1\necho "smoke test passed"`,
    }),
    job('checkout-sync-failed', {
      hook: 'SyncFail',
      image: 'curlimages/curl:8.11.1',
      script: 'echo "sync of checkout-dev failed"\necho "notified #team-checkout"',
    }),
  ];
}
