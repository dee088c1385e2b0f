// npm test needs a Chrome or Chromium and shellcheck besides Node. On a machine without one, the newcomer must read
// one line that names what is missing and how to get it, not a stack trace from a browser launch.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, findHeadlessShell, findShellcheck, missingPrerequisites } from '../prerequisites.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const nothing = { exists: () => false, playwright: () => undefined };
const bin = mkdtempSync(join(tmpdir(), 'prerequisites-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** An executable file named `name` in the temporary bin folder. */
function fakeProgram(name: string): string {
  const path = join(bin, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('the prerequisites of npm test', () => {
  it('a machine with neither gets one line for each: which one is missing, and how to get it', () => {
    expect(missingPrerequisites({ env: { PATH: '/usr/bin:/bin' }, platform: 'linux', ...nothing })).toEqual([
      'npm test needs Chrome or Chromium for the browser tests and found none: install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium; any system: npx playwright-core install chromium) or set CHROMIUM_PATH to a Chrome or Chromium binary.',
      'npm test needs shellcheck for the export’s script checks and found none on PATH: install it (Debian/Ubuntu: sudo apt-get install shellcheck; macOS: brew install shellcheck; Windows: scoop install shellcheck).',
    ]);
  });

  it('node test/prerequisites.mjs, with a PATH holding neither and CHROMIUM_PATH wrong, prints the two lines and exits 1', () => {
    const run = spawnSync(process.execPath, ['test/prerequisites.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: join(bin, 'empty'), CHROMIUM_PATH: '/nowhere/chrome' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      'npm test needs Chrome or Chromium, and CHROMIUM_PATH is /nowhere/chrome, which is not a file: set it to a Chrome or Chromium binary, or unset it to look in the usual places.',
      'npm test needs shellcheck for the export’s script checks and found none on PATH: install it (Debian/Ubuntu: sudo apt-get install shellcheck; macOS: brew install shellcheck; Windows: scoop install shellcheck).',
    ]);
  });

  it('finds CHROMIUM_PATH first, then a Chrome on PATH, then Playwright’s download, then Chrome’s place on macOS', () => {
    const chrome = fakeProgram('google-chrome');
    const exists = (path: string) =>
      path === chrome || path.startsWith('/pw/') || path.startsWith('/Applications/');
    const playwright = (env: Record<string, string | undefined>) =>
      `${env.PLAYWRIGHT_BROWSERS_PATH ?? '/pw/default'}/chromium-1255/chrome-linux64/chrome`;
    expect(findChromium({ env: { CHROMIUM_PATH: chrome }, platform: 'linux', ...nothing, exists })).toEqual({
      path: chrome,
    });
    expect(findChromium({ env: { PATH: `/nowhere:${bin}` }, platform: 'linux', exists, playwright })).toEqual(
      {
        path: chrome,
      },
    );
    expect(
      findChromium({
        env: { PATH: '/nowhere', PLAYWRIGHT_BROWSERS_PATH: '/pw/mine' },
        platform: 'linux',
        exists,
        playwright,
      }),
    ).toEqual({ path: '/pw/mine/chromium-1255/chrome-linux64/chrome' });
    expect(findChromium({ env: {}, platform: 'darwin', exists, playwright: () => undefined })).toEqual({
      path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    });
  });

  it('the browser tests drive Chromium’s headless shell when it is there, and never over CHROMIUM_PATH', () => {
    const shell = fakeProgram('chrome-headless-shell');
    const debian = (path: string) => path === '/usr/bin/chromium-headless-shell';
    expect(findHeadlessShell({ env: {}, platform: 'linux', exists: debian })).toEqual({
      path: '/usr/bin/chromium-headless-shell',
    });
    expect(
      findHeadlessShell({ env: { PATH: `/nowhere:${bin}` }, platform: 'linux', exists: (p) => p === shell }),
    ).toEqual({
      path: shell,
    });
    // A reader who names a browser gets that browser, headless shell or not.
    expect(
      findHeadlessShell({ env: { CHROMIUM_PATH: '/opt/chrome' }, platform: 'linux', exists: debian }),
    ).toEqual({});
    expect(findHeadlessShell({ env: { PATH: '/nowhere' }, platform: 'linux', exists: () => false })).toEqual(
      {},
    );
  });

  it('finds shellcheck anywhere on PATH, not only at /usr/bin', () => {
    const shellcheck = fakeProgram('shellcheck');
    expect(findShellcheck({ env: { PATH: `/nowhere:${bin}` }, platform: 'linux' })).toEqual({
      path: shellcheck,
    });
  });
});
