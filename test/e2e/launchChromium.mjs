// Launches Debian's chromium (or CHROMIUM_PATH) the way toolchain.md §5 found to work here: headless, no sandbox
// as root, and no background networking, so the closed network refuses nothing.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
