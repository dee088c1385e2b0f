// Launches Debian's chromium (or CHROMIUM_PATH, or another Chrome or Chromium that test/prerequisites.mjs finds) the
// way toolchain.md §5 found to work here: headless, no sandbox as root, and no background networking, so the closed
// network refuses nothing.
import { chromium } from 'playwright-core';
import { findChromium } from '../prerequisites.mjs';

const found = findChromium();
/** The browser's binary, or undefined when there is none (then `chromiumProblem` says which and how to get one). */
export const chromiumPath = found.path;
export const chromiumProblem = found.problem;

export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumPath,
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
    ],
  });
}
