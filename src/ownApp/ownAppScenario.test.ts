import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { JsonAny } from '../engine';
import { playScenario } from '../scenarios/play';
import { runSimOnDisk } from '../../test/kits/runSim.testKit';
import { filesFromZip } from './filesFromZip';
import { ownAppScenario, type OwnFile } from './ownAppScenario';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every file under a folder, as a dropped folder gives them (paths relative to it). */
function folder(dir: string): OwnFile[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) =>
      statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : [join(d, name)],
    );
  return walk(dir).map((path) => ({ path: relative(dir, path), text: readFileSync(path, 'utf8') }));
}

/** The fixture platform as one folder: its repository, with the root Application beside it. */
const platformFolder = (): OwnFile[] => [
  ...folder(join(root, 'test/fixtures/platform/repo')),
  { path: 'platform.yaml', text: readFileSync(join(root, 'test/fixtures/platform/platform.yaml'), 'utf8') },
];

const outcome = (apps: JsonAny[]) =>
  Object.fromEntries(
    apps.map((a) => [
      a.metadata.name,
      `${a.status?.operationState?.phase} ${a.status?.sync?.status} ${a.status?.health?.status}`,
    ]),
  );

/** A `helm template` output as a user pastes it: `# Source:` comments, documents from several templates. */
const helmTemplate = `---
# Source: web/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: web-settings
data:
  mode: blue
---
# Source: web/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    helm.sh/chart: web-0.1.0
spec:
  replicas: 2
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: nginx:1.27
---
# Source: web/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: { app: web }
  ports: [{ port: 80 }]
`;

describe('your own app', () => {
  it('a pasted `helm template` output is one Application, synced at t 0 to Succeeded, Synced, Healthy', () => {
    const scenario = ownAppScenario([{ path: 'pasted.yaml', text: helmTemplate }]);
    expect(scenario.platform).toBeUndefined();
    expect(scenario.revisions[0].objects.map((p) => `${p.object.kind}/${p.object.metadata.name}`)).toEqual([
      'ConfigMap/web-settings',
      'Deployment/web',
      'Service/web',
    ]);
    const result = playScenario(scenario);
    expect(result.application.status?.operationState?.phase).toBe('Succeeded');
    expect(result.application.status?.sync?.status).toBe('Synced');
    expect(result.application.status?.health?.status).toBe('Healthy');
  });

  it('a dropped folder with an Application and its repository is an app of apps, as sim run --repo reads it', () => {
    const scenario = ownAppScenario(platformFolder());
    expect(scenario.platform?.argocd.map((p) => p.object.metadata.name)).toEqual(['platform']);
    // The page's editor and order table show the Argo CD objects as the scenario's one revision.
    expect(scenario.revisions.map((r) => [r.name, r.objects.map((p) => p.object.metadata.name)])).toEqual([
      ['argocd', ['platform']],
    ]);
    // The children stay in the repository, where the parent's path finds them.
    expect(Object.keys(scenario.platform!.revisions[0].files)).toContain('platform/apps/team-checkout.yaml');
    const own = playScenario(scenario, { untilSeconds: 3600 });
    const cli = runSimOnDisk([
      '--repo',
      'test/fixtures/platform/repo',
      'test/fixtures/platform/platform.yaml',
      '--json',
    ]);
    expect(cli.code).toBe(0);
    expect(outcome(own.applications!)).toEqual(outcome(JSON.parse(cli.stdout).applications));
  });

  it('a .zip of the folder reads the same (its top folder dropped)', () => {
    const zip = zipSync(
      Object.fromEntries(platformFolder().map((f) => [`platform-main/${f.path}`, strToU8(f.text)])),
    );
    const files = filesFromZip(zip);
    expect(files.map((f) => f.path).sort()).toEqual(
      platformFolder()
        .map((f) => f.path)
        .sort(),
    );
  });

  it('bad input is marked at file:line:column', () => {
    const broken = helmTemplate.replace('  replicas: 2', '  replicas: [2');
    expect(() => ownAppScenario([{ path: 'pasted.yaml', text: broken }])).toThrow(/^pasted\.yaml:\d+:\d+: /);
    const lost = platformFolder().map((f) =>
      f.path === 'platform.yaml' ? { ...f, text: f.text.replace('path: platform/apps', 'path: nowhere') } : f,
    );
    expect(() => ownAppScenario(lost)).toThrow(
      'platform.yaml:1:1: Application "platform": path "nowhere" does not exist in the repository',
    );
    expect(() => ownAppScenario([{ path: 'notes.txt', text: 'hello' }])).toThrow(/no YAML or JSON file/);
  });
});
