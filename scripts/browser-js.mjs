/**
 * The JavaScript a real browser fetches (part of `npm run bench`): Chromium walks a visitor through landing →
 * signup → dashboard, and a signed-in producer opens the dashboard cold. Counting requests rather than reading the
 * Remix manifest includes what the pages load on demand (the signed-out landing's lazy chunk, anything a page
 * imports after hydration). Sizes are those of the built files (gzip -6), as in the per-route table.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";

function sizeOf(clientDir, urls) {
  let rawBytes = 0;
  let gzipBytes = 0;
  const scripts = [];
  for (const url of urls) {
    const path = new URL(url).pathname;
    const file = join(clientDir, path);
    if (!existsSync(file)) continue;
    const source = readFileSync(file);
    const gzip = gzipSync(source).length;
    rawBytes += source.length;
    gzipBytes += gzip;
    scripts.push({ path, gzipBytes: gzip });
  }
  return { files: urls.length, rawBytes, gzipBytes, scripts };
}

/** Records every script the page fetches from `baseUrl` from now on, each URL once. */
function recordScripts(page, baseUrl) {
  const urls = new Set();
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().startsWith(baseUrl)) urls.add(request.url());
  });
  return urls;
}

async function settle(page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
}

/**
 * `journey`: every script from opening /landing, through the demo signup form, to the hydrated dashboard;
 * `dashboard`: a signed-in first load of /dashboard with an empty cache.
 */
export async function measureBrowserJs(baseUrl, clientDir) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const visitor = await browser.newContext({ baseURL: baseUrl });
    const page = await visitor.newPage();
    const journey = recordScripts(page, baseUrl);
    await page.goto("/landing");
    await settle(page);
    const card = page.locator("#demo");
    await card.getByLabel("Full Name").fill("Bench Visitor");
    await card.getByLabel("Email Address").fill(`bench-visitor-${Date.now()}@example.com`);
    await card.getByRole("button", { name: "Start Free Demo" }).click();
    await page.waitForURL("**/dashboard", { timeout: 30_000 });
    await settle(page);
    const { cookies } = await visitor.storageState();
    await visitor.close();

    const producer = await browser.newContext({ baseURL: baseUrl, storageState: { cookies, origins: [] } });
    const dashboardPage = await producer.newPage();
    const dashboard = recordScripts(dashboardPage, baseUrl);
    await dashboardPage.goto("/dashboard");
    await settle(dashboardPage);
    await producer.close();
    return { journey: sizeOf(clientDir, [...journey]), dashboard: sizeOf(clientDir, [...dashboard]) };
  } finally {
    await browser.close();
  }
}
