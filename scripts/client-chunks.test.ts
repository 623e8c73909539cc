import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { clientChunks } from "./client-chunks";
import { ICON_MODULE } from "./lucide-imports";

const APP = "/repo/app";
const NM = "/repo/node_modules";
const route = (name: string) => `${APP}/routes/${name}.tsx`;
/** Remix's client entry for a route module: the facade the route's chunk is built from. */
const facade = (file: string) => `${file}?__remix-build-client-route`;

/** A module graph: each module's static importers (facades and the client entry are the entries). */
const importers: Record<string, string[]> = {
  [facade(`${APP}/root.tsx`)]: [],
  [`${APP}/root.tsx`]: [facade(`${APP}/root.tsx`)],
  [`${APP}/entry.client.tsx`]: [],
  [facade(route("dashboard"))]: [],
  [route("dashboard")]: [facade(route("dashboard"))],
  ...Object.fromEntries(
    ["tasks", "team", "landing", "upgrade"].flatMap((name) => [
      [facade(route(name)), []],
      [route(name), [facade(route(name))]],
    ]),
  ),
  [`${NM}/react/index.js`]: [`${APP}/root.tsx`, route("dashboard")],
  [`${NM}/cookie/index.js`]: [`${NM}/@remix-run/server-runtime/dist/index.js`],
  [`${NM}/@remix-run/server-runtime/dist/index.js`]: [`${NM}/@remix-run/react/dist/index.js`],
  "\0commonjsHelpers.js": [`${NM}/react/index.js`],
  [`${APP}/components/logo.tsx`]: [`${APP}/root.tsx`],
  [`${APP}/lib/utils.ts`]: [`${APP}/components/logo.tsx`, route("landing")],
  [`${APP}/components/app-shell.tsx`]: [route("dashboard"), route("tasks"), route("team")],
  [`${APP}/components/landing.tsx`]: [route("landing"), route("upgrade"), route("team")],
  [`${APP}/domain/schemas.ts`]: [route("tasks"), route("upgrade"), route("team")],
  [`${APP}/components/task-card.tsx`]: [route("dashboard"), route("tasks")],
  [`${ICON_MODULE}clock`]: [route("dashboard"), route("tasks")],
  [`${ICON_MODULE}tent`]: [route("team"), route("tasks")],
  [`${ICON_MODULE}arrow-right`]: [`${APP}/components/dashboard/getting-started.tsx`, route("landing"), route("team")],
  [`${APP}/components/dashboard/getting-started.tsx`]: [],
  [`${APP}/components/dashboard-page.tsx`]: [route("dashboard")],
  // Only behind `import()`: Rollup's importers list holds static importers alone.
  [`${APP}/components/charts.client.tsx`]: [],
  [`${NM}/recharts/index.js`]: [`${APP}/components/charts.client.tsx`],
};
/** Each module's importers through `import()`. */
const dynamicImporters: Record<string, string[]> = {
  [`${APP}/components/charts.client.tsx`]: [route("tasks")],
  [`${APP}/components/dashboard/getting-started.tsx`]: [`${APP}/components/dashboard-page.tsx`],
};
const entries = new Set(Object.keys(importers).filter((id) => id.endsWith("?__remix-build-client-route")));
entries.add(`${APP}/entry.client.tsx`);

const getModuleInfo = ((id: string) =>
  id in importers
    ? { id, isEntry: entries.has(id), importers: importers[id], dynamicImporters: dynamicImporters[id] ?? [] }
    : null) as Rollup.GetModuleInfo;

function chunkOf(id: string) {
  return clientChunks()(id, { getModuleInfo, getModuleIds: () => Object.keys(importers).values() });
}

describe("clientChunks", () => {
  it.each([
    ["React", `${NM}/react/index.js`, "framework"],
    ["Rollup's CommonJS helper React imports", "\0commonjsHelpers.js", "framework"],
    ["what only Remix imports", `${NM}/cookie/index.js`, "framework"],
    ["what the root imports", `${APP}/components/logo.tsx`, "shared"],
    ["what the root reaches through another module", `${APP}/lib/utils.ts`, "shared"],
    ["what the dashboard shares with two more pages", `${APP}/components/app-shell.tsx`, "shared"],
    ["what three other pages share, the landing page among them", `${APP}/components/landing.tsx`, "common"],
    ["what three pages share without the landing page", `${APP}/domain/schemas.ts`, "common-signed-in"],
    ["what two pages share", `${APP}/components/task-card.tsx`, undefined],
    ["an icon the dashboard shares with one more page", `${ICON_MODULE}clock`, "shared"],
    ["an icon two other pages share", `${ICON_MODULE}tent`, undefined],
    ["an icon a lazily loaded part of the dashboard shares with other pages", `${ICON_MODULE}arrow-right`, "shared"],
    ["one page's own code", `${APP}/components/dashboard-page.tsx`, undefined],
    ["a route module", route("dashboard"), undefined],
    ["the root module", `${APP}/root.tsx`, undefined],
    ["a lazily loaded module and its imports", `${NM}/recharts/index.js`, undefined],
  ])("%s", (_what, id, chunk) => {
    expect(chunkOf(id)).toBe(chunk);
  });
});
