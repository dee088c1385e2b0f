import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSim as run } from '../../test/kits/runSim.testKit';

const root = new URL('../../', import.meta.url);
const packageVersion = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }
).version;
// docs/argocd-semantics.md "Sources", row [A]: the commit of argoproj/argo-cd and the VERSION file at it.
const sourcesRow =
  /\| \*\*\[A\]\*\* \| `argoproj\/argo-cd` \| `([0-9a-f]{40})` \([^)]*`VERSION` = ([\d.]+)\)/.exec(
    readFileSync(new URL('docs/argocd-semantics.md', root), 'utf8'),
  );

describe('sim --version', () => {
  it('prints the sandbox’s version from package.json, the Argo CD version and the commit docs/argocd-semantics.md names', () => {
    expect(sourcesRow, 'the Sources table’s row [A]').not.toBeNull();
    const [, commit, argoCd] = sourcesRow!;
    expect(run(['--version'])).toEqual({
      code: 0,
      stdout:
        `Argo CD Sync Sandbox ${packageVersion}, following Argo CD ${argoCd} (argoproj/argo-cd ${commit.slice(0, 12)})\n` +
        `argoproj/argo-cd commit ${commit}\n`,
      stderr: '',
    });
    expect([packageVersion, argoCd, commit]).toEqual([
      '0.1.0',
      '3.6.0',
      '37ee0097cf851bc2dd7665fc081bbce61a7e836e',
    ]);
  });

  it('-v and version say the same, and the usage names --version', () => {
    expect(run(['-v'])).toEqual(run(['--version']));
    expect(run(['version'])).toEqual(run(['--version']));
    expect(run(['--help']).stdout).toContain('"sim --version" for the versions');
  });
});
