import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandIo } from '../../src/cli/command';
import { sim } from '../../src/cli/sim';
import { writeFiles } from '../../src/cli/writeFiles';
import { briefFailure } from '../kits/briefFailure.testKit';

/**
 * Issue 31: text of a scenario ran as shell when a user ran the export's scripts (a revision name in an `echo
 * "…"`, the id, from the file name, in `CLUSTER="${CLUSTER:-sandbox-<id>}"` and in the CLI's "Next:" line). Here
 * every text of a scenario is made of shell metacharacters, each payload trying to create a file named `pwned`;
 * the export is made by `sim export` as a user makes it, then the "Next:" line it prints (which runs make-repo.sh
 * and run.sh) and the README's commands run in bash with stub tools first in PATH. No payload may run, the scripts
 * must run to their end, and the stub tools must receive each text as one whole argument.
 */

const scratch = mkdtempSync(join(tmpdir(), 'sandbox-export-injection-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const marker = 'pwned';
/** The same marker by absolute path, for a payload that would run in another folder. */
const absoluteMarker = join(scratch, marker);

/** Pieces of hostile text: every way into a bash word, each payload trying to create the marker file. */
const fragments = [
  `$(touch ${marker})`,
  `\`touch ${marker}\``,
  `;touch ${marker};`,
  `&& touch ${marker}`,
  `|touch ${marker}`,
  `\ntouch ${marker}\n`,
  `\r\ntouch ${marker} #`,
  `>${marker}`,
  `<(touch ${marker})`,
  '$(touch $MARK)',
  '"$(touch $MARK)"',
  "'$(touch $MARK)'",
  "'\\''",
  "$'",
  "'",
  '"',
  '\\',
  '${IFS}',
  '$HOME',
  '$((1+1))',
  '!!',
  '#',
  '*',
  '?',
  '~',
  '{a,b}',
  '%',
  '\t',
  ' ',
  '-n ',
  '--',
  'a',
  'é',
  '\u2028',
];
const hostile = fc.array(fc.constantFrom(...fragments), { maxLength: 5 }).map((parts) => parts.join(''));

/** A word as the sandbox's terminal reads it (commandWords.ts): single quotes keep everything. */
const terminalWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const configMap = (name: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: b\n`;

/** A single-app scenario: hostile revision names, title, summary, expectations and fail list. */
const singleApp = fc.record({
  id: hostile,
  title: hostile,
  summary: hostile,
  revisions: fc.array(hostile, { minLength: 1, maxLength: 3 }),
  phase: hostile,
  fail: hostile,
});

/** A platform scenario: hostile revision names, Application names (an ApplicationSet allows any), objects. */
const platform = fc.record({
  id: hostile,
  title: hostile,
  revision: hostile,
  app: hostile,
  kind: hostile.map((k) => k.replace(/\//g, '') || 'ConfigMap'),
  name: hostile.map((n) => n.replace(/\//g, '') || 'web'),
  namespace: hostile,
  phase: hostile,
  message: hostile,
});

type SingleApp = typeof singleApp extends fc.Arbitrary<infer T> ? T : never;
type Platform = typeof platform extends fc.Arbitrary<infer T> ? T : never;

const argocd = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: web
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://github.com/example/web.git
    targetRevision: main
    path: web
  destination:
    server: https://kubernetes.default.svc
    namespace: web
---
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: teams
  namespace: argocd
spec:
  goTemplate: true
  generators:
    - list:
        elements:
          - team: a
  template:
    metadata:
      name: 'team-{{.team}}'
    spec:
      project: default
      source:
        repoURL: https://github.com/example/web.git
        targetRevision: main
        path: web
      destination:
        server: https://kubernetes.default.svc
        namespace: web
`;

function singleAppText(s: SingleApp): { text: string; revisions: string[] } {
  // Revision names must differ for the sandbox to tell them apart; a number keeps them apart.
  const revisions = s.revisions.map((name, i) => `${name}${i}`);
  const text = stringify({
    title: s.title,
    summary: s.summary,
    app: { name: 'web', namespace: 'web' },
    options: { until: 60 },
    fail: [s.fail],
    revisions: revisions.map((name) => ({ name, manifests: configMap('web') })),
    expect: { operationPhase: s.phase, syncStatus: s.phase, health: s.phase },
  });
  return { text, revisions };
}

function platformText(s: Platform): { text: string; revisions: string[] } {
  const revisions = ['main', `${s.revision}2`];
  const files = { 'web/config.yaml': configMap('web') };
  const text = stringify(
    {
      title: s.title,
      argocd,
      repo: { revisions: revisions.map((name) => ({ name, files })) },
      options: { until: 600 },
      actions: [
        { at: 10, commit: revisions[1] },
        { at: 20, sync: s.app },
        { at: 30, refresh: s.app },
        { at: 40, terminate: s.app },
        { at: 50, 'kubectl-delete': `${s.kind}/${s.name}`, namespace: s.namespace },
        { at: 60, do: `kubectl delete cm ${terminalWord(s.name)} -n ${terminalWord(s.namespace)}` },
        { at: 70, do: `git commit -m ${terminalWord(s.message)}`, revision: revisions[1] },
      ],
      expect: { apps: { [s.app]: { operationPhase: s.phase, syncStatus: s.phase, health: s.phase } } },
    },
    { aliasDuplicateObjects: false },
  );
  return { text, revisions };
}

/** Stub tools: each logs its arguments (one record per call) and prints what the scripts read from it. */
function makeStubs(): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  const stub = (tool: string, body = '') =>
    writeFileSync(
      join(bin, tool),
      `#!/usr/bin/env bash
{ printf '%s\\x1f' ${tool} "$@"; printf '\\x1e'; } >>"$STUB_LOG"
[ -t 0 ] || cat >/dev/null
${body}
exit 0
`,
      { mode: 0o755 },
    );
  stub('kind');
  stub('docker');
  stub('curl');
  stub('argocd');
  stub('npm');
  // run.sh waits for moments with sleep: no need to wait here.
  stub('sleep');
  stub(
    'git',
    `case " $* " in
  *" init "*) mkdir -p "\${*: -1}/.git" ;;
  *" rev-parse "*) echo 0123456789abcdef0123456789abcdef01234567 ;;
esac`,
  );
  stub(
    'kubectl',
    `case "$*" in
  *operationState.phase*) echo Succeeded ;;
  *syncResult.revision*) echo 0123456789abcdef0123456789abcdef01234567 ;;
esac`,
  );
  for (const tool of readdirSync(bin)) chmodSync(join(bin, tool), 0o755);
  return bin;
}
const bin = makeStubs();

/** Every file named like the marker under a folder. */
function markers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => p.split('/').pop() === marker);
}

/** The calls the stubs logged: [tool, ...arguments] each. */
function calls(log: string): string[][] {
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\x1e')
    .filter(Boolean)
    .map((record) => record.split('\x1f').slice(0, -1));
}

let runs = 0;

/** `sim export` of the scenario as the user runs it, then its "Next:" line and its README's commands in bash. */
function exportAndRun(id: string, text: string) {
  const dir = join(scratch, `run-${++runs}`);
  mkdirSync(dir);
  const file = join(dir, `${id}.yaml`);
  writeFileSync(file, text);
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: (path) => readFileSync(path, 'utf8'),
    writeFiles,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  };
  const out = join(dir, 'export');
  const code = sim(['export', file, '--out', out], io);
  expect(stderr.slice(0, 300)).toBe('');
  expect(code).toBe(0);
  const log = join(dir, 'stubs.log');
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, STUB_LOG: log, MARK: absoluteMarker };
  const bash = (script: string, cwd: string) =>
    spawnSync('bash', ['-c', script], { cwd, env, input: '', encoding: 'utf8' });
  for (const script of ['make-repo.sh', 'run.sh']) {
    const syntax = spawnSync('bash', ['-n', join(out, script)], { encoding: 'utf8' });
    expect(syntax.stderr.slice(0, 300), `bash -n ${script}`).toBe('');
    // As test/export/exportRoundTrip.test.ts checks the shipped scenarios' scripts (it needs Debian's shellcheck).
    const check = spawnSync('/usr/bin/shellcheck', ['--severity=style', join(out, script)], {
      encoding: 'utf8',
    });
    expect(check.error).toBeUndefined();
    expect(check.stdout.slice(0, 500), `shellcheck ${script}`).toBe('');
  }
  // The "Next:" line: cd into the export, set REPO_URL, run make-repo.sh and run.sh.
  const next = stdout.split('\n')[1];
  expect(next).toMatch(/^ {2}cd /);
  const ran = bash(next, dir);
  expect({ status: ran.status, stderr: ran.stderr.slice(0, 500) }).toEqual({ status: 0, stderr: '' });
  // The README's commands, from another folder (so its ./make-repo.sh is not found) and with EXPORT set.
  const readme = readFileSync(join(out, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  expect(blocks.length).toBe(2);
  const elsewhere = join(dir, 'elsewhere');
  mkdirSync(elsewhere);
  bash(`EXPORT=${out}\n${blocks.join('\n')}`, elsewhere);
  expect(markers(dir).concat(existsSync(absoluteMarker) ? [absoluteMarker] : []), 'a payload ran').toEqual(
    [],
  );
  return { out, calls: calls(log) };
}

describe('the export of a scenario whose every text is shell metacharacters (issue 31)', () => {
  it('runs no payload: a single-app scenario (revision names, title, summary, expectations, file name)', () => {
    fc.assert(
      fc.property(singleApp, (s) => {
        const { text, revisions } = singleAppText(s);
        const { calls: made } = exportAndRun(s.id, text);
        // make-repo.sh gave git each revision name, whole, as the commit message.
        const messages = made
          .filter((c) => c[0] === 'git' && c.includes('commit'))
          .map((c) => c[c.indexOf('-m') + 1]);
        expect(messages).toEqual(revisions);
      }),
      {
        numRuns: 8,
        seed: 31,
        reporter: briefFailure,
        // The issue's own case: the file x$(touch a)`touch b`.yaml, and a revision named with a payload.
        examples: [
          [
            {
              id: `x$(touch ${marker})\`touch ${marker}\``,
              title: 'a',
              summary: 'b',
              revisions: [`"$(touch ${marker})"`, 'v2'],
              phase: 'Succeeded',
              fail: 'job/x',
            },
          ],
        ],
      },
    );
  }, 600_000);

  it('runs no payload: a platform scenario (Application names, objects, commands, revision names)', () => {
    fc.assert(
      fc.property(platform, (s) => {
        const { text, revisions } = platformText(s);
        const { calls: made } = exportAndRun(s.id, text);
        const messages = made
          .filter((c) => c[0] === 'git' && c.includes('commit'))
          .map((c) => c[c.indexOf('-m') + 1]);
        expect(messages).toEqual(revisions);
        // The kubectl-delete action and the typed command reached kubectl as the scenario wrote them.
        const deletes = made.filter((c) => c[0] === 'kubectl' && c[1] === 'delete').map((c) => c.slice(2));
        expect(deletes).toEqual([
          // An empty namespace is no namespace, as the sandbox reads the action.
          s.namespace ? [s.kind, s.name, '-n', s.namespace] : [s.kind, s.name],
          ['cm', s.name, '-n', s.namespace],
        ]);
        const synced = made
          .filter((c) => c[0] === 'kubectl' && c[1] === '-n' && c[3] === 'patch')
          .map((c) => c[5]);
        expect(synced).toContain(s.app);
      }),
      { numRuns: 8, seed: 31, reporter: briefFailure },
    );
  }, 600_000);
});
