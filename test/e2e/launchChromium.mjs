// Launches Debian's chromium (or CHROMIUM_PATH, or another Chrome or Chromium that test/prerequisites.mjs finds) the
// way toolchain.md §5 found to work here: headless, no sandbox as root, and no background networking, so the closed
// network refuses nothing.
import { chromium } from 'playwright-core';
import { findChromium, findHeadlessShell } from '../prerequisites.mjs';

const found = findChromium();
/** The browser's binary, or undefined when there is none (then `chromiumProblem` says which and how to get one). */
export const chromiumPath = found.path;
export const chromiumProblem = found.problem;
/**
 * What the browser tests drive: Chromium's headless shell when it is installed (the same engine, about half the
 * CPU per page opened: the suite's time on two cores), else `chromiumPath`. The benchmarks keep the full browser,
 * since their figures stand for what a user's Chromium does.
 */
export const testBrowserPath = findHeadlessShell().path ?? chromiumPath;

/** `args` are added to the browser's command line (the benchmarks' `benchBrowserArgs`). */
export function launchChromium({ executablePath = chromiumPath, args = [] } = {}) {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}
