import fs from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';

/**
 * How every journey launches Debian's Chromium (both Playwright configurations): its headless
 * shell, the same engine without the browser's window layer, which Playwright itself runs for
 * headless Chromium (decision 401); the full browser where the shell is not installed.
 * E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
 */
export const chromiumLaunch = {
  executablePath: process.env.E2E_CHROMIUM ?? (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};
