/**
 * How every journey launches Debian's Chromium (both Playwright configurations): its headless
 * shell, the same engine without the browser's window layer, which Playwright itself runs for
 * headless Chromium (decision 401). E2E_CHROMIUM=/usr/bin/chromium runs them in the full browser.
 */
export const chromiumLaunch = {
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
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
