// The GitHub workflows must run what the README tells a reader to run: the quick start's test command on every pull
// request, and the hosted-page section's build command before publishing dist/. A workflow that drifted from the
// README (another command, another folder, another Node) would make the badge say something the README does not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(root + path, 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[]; env?: Record<string, string> }>;
}

const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((job) => job.steps);

/** The commands of the README's shell blocks under one `## ` heading, comments cut off, as a reader pastes them. */
function readmeCommands(heading: string): string[] {
  const readme = read('README.md');
  const start = readme.indexOf(`## ${heading}\n`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean),
  );
}

describe('the workflows run the README’s commands', () => {
  it('ci.yml runs the quick start’s test command on pull requests and pushes', () => {
    const test = readmeCommands('Quick start').filter((command) => /\bnpm test\b/.test(command));
    expect(test).toEqual(['npm ci && npm test']);
    const ci = workflow('ci.yml');
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(steps(ci).map((step) => step.run?.trim())).toContain(test[0]);
  });

  it('ci.yml gives the tests a Chrome and shellcheck, as .ci/run does on Debian', () => {
    const ci = workflow('ci.yml');
    expect(ci.jobs.test.env?.CHROMIUM_PATH).toBe('/usr/bin/google-chrome');
    expect(
      steps(ci).some((step) => step.run?.includes('apt-get install') && step.run.includes('shellcheck')),
    ).toBe(true);
    // .ci/run ends with the same two commands (npm ci with its quiet flags, then npm test).
    expect(read('.ci/run').trim().split('\n').slice(-2)).toEqual(['npm ci --no-fund --no-audit', 'npm test']);
  });

  it('pages.yml runs the hosted-page section’s build on every push to main and publishes dist/', () => {
    const build = readmeCommands('The hosted page');
    expect(build).toEqual(['npm ci && npm run build']);
    const pages = workflow('pages.yml');
    expect(pages.on.push).toEqual({ branches: ['main'] });
    const all = steps(pages);
    expect(all.map((step) => step.run?.trim())).toContain(build[0]);
    const upload = all.find((step) => step.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with?.path).toBe('dist');
    const configure = all.find((step) => step.uses?.startsWith('actions/configure-pages@')) as Step & {
      id?: string;
    };
    expect(configure?.id).toBe('pages');
    // The build writes the link previews' absolute og:image from the Pages address (src/build/siteUrlPlugin.ts).
    const buildStep = all.find((step) => step.run?.trim() === build[0]) as Step & {
      env?: Record<string, string>;
    };
    expect(buildStep.env?.SITE_URL).toBe('${{ steps.pages.outputs.base_url }}');
    expect(all.some((step) => step.uses?.startsWith('actions/deploy-pages@'))).toBe(true);
  });

  it('every action is pinned to a major version, and both workflows use the Node of .nvmrc, which package.json’s engines allow', () => {
    for (const name of ['ci.yml', 'pages.yml']) {
      for (const step of steps(workflow(name))) {
        if (step.uses) expect(step.uses, name).toMatch(/^actions\/[a-z-]+@v\d+$/);
        if (step.uses?.startsWith('actions/setup-node@'))
          expect(step.with?.['node-version-file']).toBe('.nvmrc');
      }
    }
    const major = Number(read('.nvmrc').trim());
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${major}`);
  });
});
