/**
 * How Playwright launches Chromium on these machines (TOOLCHAIN: Debian's /usr/bin/chromium, since
 * `npx playwright install` cannot download browsers here), for the browser tests and the bench alike.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
