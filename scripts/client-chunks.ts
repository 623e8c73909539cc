import type { Rollup } from "vite";
import { ICON_MODULE } from "./lucide-imports";

const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;
/** A chunk that React's CommonJS code imports these from must load before it: keep them in `framework`. */
const HELPERS = /^\0(commonjsHelpers\.js|vite\/preload-helper\.js)$/;
/** Modules Remix needs as chunks of their own: the client entry and the route modules. */
const OWN_CHUNK = /\/app\/(routes\/[^/]+|root\.tsx|entry\.client\.tsx)$/;
const ROOT = /\/app\/(root|entry\.client)\.tsx$/;
const DASHBOARD = /\/app\/routes\/dashboard\.tsx$/;
const LANDING = /\/app\/routes\/landing\.tsx$/;

/**
 * Client chunks by who loads them, so a page loads a handful of files instead of one per shared icon or helper:
 * `framework` (React, Remix), `shared` (what the root needs, what the dashboard shares with other pages, and the
 * icons it shares with even one: every signed-in page loads it), `common` (what three or more other pages share,
 * the landing page among them), `common-signed-in` (what three or more pages share without the landing page, such
 * as the forms' schemas: the landing page, a visitor's first, does not load them) and Rollup's own split for the
 * rest: each page's own code, code two pages share, and the lazily loaded dialogs and charts. A module's chunk
 * follows from the route files that reach it through static imports; its imports reach at least those, so `shared`
 * never imports `common` and no chunk cycle appears.
 */
export function clientChunks(): Rollup.GetManualChunk {
  /** The route files (and the client entry) whose static imports (and `import()`s, with `lazily`) lead to `id`. */
  function reaching(id: string, getModuleInfo: Rollup.GetModuleInfo, lazily = false) {
    const routes = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const info = getModuleInfo(next);
      // The three dashboard route ids (`/`, `/dashboard`, `/demo`) share one file: count files, not ids.
      if (info?.isEntry) routes.add(next.replace(/\?.*$/, ""));
      const importers = [...(info?.importers ?? []), ...(lazily ? (info?.dynamicImporters ?? []) : [])];
      for (const importer of importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          queue.push(importer);
        }
      }
    }
    return [...routes];
  }
  /** React and Remix, what only they import (cookie parsers), and Rollup's helpers that React's CommonJS needs. */
  function isFramework(id: string, getModuleInfo: Rollup.GetModuleInfo): boolean {
    if (FRAMEWORK.test(id) || HELPERS.test(id)) return true;
    const importers = getModuleInfo(id)?.importers ?? [];
    return (
      id.includes("/node_modules/") && importers.length > 0 && importers.every((importer) => FRAMEWORK.test(importer))
    );
  }
  return (id, { getModuleInfo }) => {
    if (isFramework(id, getModuleInfo)) return "framework";
    if (OWN_CHUNK.test(id.replace(/\?.*$/, ""))) return undefined;
    const routes = reaching(id, getModuleInfo);
    if (routes.some((route) => ROOT.test(route))) return "shared";
    // One icon's module (scripts/lucide-imports.ts) is a line, not worth a file of its own. One the dashboard's lazily
    // loaded parts use goes to `shared` too: in `common` it would fetch that chunk (Conform) with the part.
    if (id.startsWith(ICON_MODULE) && routes.length > 1) {
      if (reaching(id, getModuleInfo, true).some((route) => DASHBOARD.test(route))) return "shared";
    }
    if (routes.length < 3) return undefined;
    if (routes.some((route) => DASHBOARD.test(route))) return "shared";
    return routes.some((route) => LANDING.test(route)) ? "common" : "common-signed-in";
  };
}
