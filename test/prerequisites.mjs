// Finds the two programs `npm test` needs besides Node: a Chrome or Chromium for the browser tests, and shellcheck
// for the export's scripts. Either may live anywhere (Debian's packages, Homebrew, a Playwright download, Windows'
// Program Files), so both are looked for in the usual places; when one is missing, `missingPrerequisites` gives one
// line that names it and says how to get it. `node test/prerequisites.mjs` prints those lines and exits 1 if any,
// else where it found both.
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const isFile = (path) => existsSync(path) && statSync(path).isFile();

/** The first `names` found in the folders of PATH (with Windows' extensions there), or undefined. */
function onPath(names, { env, platform, exists }) {
  const folders = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
  const suffixes = platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const folder of folders)
    for (const name of names)
      for (const suffix of suffixes) {
        const path = join(folder, name + suffix);
        if (exists(path)) return path;
      }
  return undefined;
}

/** Where Playwright keeps the Chromium `npx playwright-core install chromium` downloads (PLAYWRIGHT_BROWSERS_PATH). */
function playwrightChromium(env) {
  const saved = process.env.PLAYWRIGHT_BROWSERS_PATH;
  try {
    if (env.PLAYWRIGHT_BROWSERS_PATH === undefined) delete process.env.PLAYWRIGHT_BROWSERS_PATH;
    else process.env.PLAYWRIGHT_BROWSERS_PATH = env.PLAYWRIGHT_BROWSERS_PATH;
    return chromium.executablePath();
  } catch {
    return undefined;
  } finally {
    if (saved === undefined) delete process.env.PLAYWRIGHT_BROWSERS_PATH;
    else process.env.PLAYWRIGHT_BROWSERS_PATH = saved;
  }
}

/**
 * The Chrome or Chromium the browser tests launch: CHROMIUM_PATH when set (and then only it, so a wrong value is
 * said rather than passed over), else Debian's chromium, a Chromium or Chrome on PATH, Playwright's download, and
 * Chrome's or Chromium's usual place on macOS and Windows. `{ path }` when found, `{ problem }` (one line) when not.
 */
export function findChromium({
  env = process.env,
  platform = process.platform,
  exists = isFile,
  playwright = playwrightChromium,
} = {}) {
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH };
    return {
      problem: `npm test needs Chrome or Chromium, and CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not a file: set it to a Chrome or Chromium binary, or unset it to look in the usual places.`,
    };
  }
  const programFiles = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(Boolean);
  const candidates = [
    () => '/usr/bin/chromium',
    () =>
      onPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'], {
        env,
        platform,
        exists,
      }),
    () => playwright(env),
    ...(platform === 'darwin'
      ? [
          () => '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
          () => '/Applications/Chromium.app/Contents/MacOS/Chromium',
        ]
      : []),
    ...(platform === 'win32'
      ? programFiles.flatMap((folder) => [
          () => join(folder, 'Google', 'Chrome', 'Application', 'chrome.exe'),
          () => join(folder, 'Chromium', 'Application', 'chrome.exe'),
        ])
      : []),
  ];
  for (const candidate of candidates) {
    const path = candidate();
    if (path && exists(path)) return { path };
  }
  return {
    problem:
      'npm test needs Chrome or Chromium for the browser tests and found none: install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: brew install --cask chromium; any system: npx playwright-core install chromium) or set CHROMIUM_PATH to a Chrome or Chromium binary.',
  };
}

/**
 * The headless build of Chromium (Debian's `chromium-headless-shell`, or Chrome's `chrome-headless-shell` on PATH):
 * the same engine without the browser's windows and services, which opens a page for about half the CPU of the
 * full browser (docs/toolchain.md §5). The browser tests drive it when it is there and CHROMIUM_PATH is not set;
 * `{ path }`, or `{}` when there is none (then they drive `findChromium`'s).
 */
export function findHeadlessShell({ env = process.env, platform = process.platform, exists = isFile } = {}) {
  if (env.CHROMIUM_PATH) return {};
  if (platform === 'linux' && exists('/usr/bin/chromium-headless-shell'))
    return { path: '/usr/bin/chromium-headless-shell' };
  const path = onPath(['chromium-headless-shell', 'chrome-headless-shell'], { env, platform, exists });
  return path ? { path } : {};
}

/** The shellcheck on PATH: `{ path }`, or `{ problem }` (one line) when there is none. */
export function findShellcheck({ env = process.env, platform = process.platform, exists = isFile } = {}) {
  const path = onPath(['shellcheck'], { env, platform, exists });
  if (path) return { path };
  return {
    problem:
      'npm test needs shellcheck for the export\u2019s script checks and found none on PATH: install it (Debian/Ubuntu: sudo apt-get install shellcheck; macOS: brew install shellcheck; Windows: scoop install shellcheck).',
  };
}

/** One line per missing prerequisite of `npm test` (none when both are there). */
export function missingPrerequisites(options = {}) {
  return [findChromium(options), findShellcheck(options)].flatMap((found) =>
    found.problem ? [found.problem] : [],
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingPrerequisites();
  for (const line of missing) process.stderr.write(`${line}\n`);
  if (missing.length === 0)
    process.stdout.write(
      `Chrome or Chromium: ${findChromium().path}\nits headless shell, which the browser tests prefer: ${findHeadlessShell().path ?? 'none'}\nshellcheck: ${findShellcheck().path}\n`,
    );
  process.exit(missing.length === 0 ? 0 : 1);
}
