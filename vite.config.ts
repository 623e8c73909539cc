import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[^/]+|turbo-stream)\//;
/** A chunk that React's CommonJS code imports these from must load before it: keep them in `framework`. */
const HELPERS = /^\0(commonjsHelpers\.js|vite\/preload-helper\.js)$/;
/** Modules Remix needs as chunks of their own: the client entry and the route modules. */
const OWN_CHUNK = /\/app\/(routes\/[^/]+|root\.tsx|entry\.client\.tsx)$/;
const ROOT = /\/app\/(root|entry\.client)\.tsx$/;
const DASHBOARD = /\/app\/routes\/dashboard\.tsx$/;

/**
 * Client chunks by who loads them, so a page loads a handful of files instead of one per shared icon or helper:
 * `framework` (React, Remix), `shared` (what the root needs, and what the dashboard shares with other pages: every
 * signed-in page loads it), `common` (what three or more other pages share) and Rollup's own split for the rest:
 * each page's own code, code two pages share, and the lazily loaded dialogs and charts. A module's chunk follows
 * from the route files that reach it through static imports; its imports reach at least those, so `shared` never
 * imports `common` and no chunk cycle appears.
 */
function clientChunks(): Rollup.GetManualChunk {
  /** The route files (and the client entry) whose static imports lead to `id`. */
  function routesReaching(id: string, getModuleInfo: Rollup.GetModuleInfo): string[] {
    const routes = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const info = getModuleInfo(next);
      // The three dashboard route ids (`/`, `/dashboard`, `/demo`) share one file: count files, not ids.
      if (info?.isEntry) routes.add(next.replace(/\?.*$/, ""));
      for (const importer of info?.importers ?? []) {
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
    return id.includes("/node_modules/") && importers.length > 0 && importers.every((importer) => FRAMEWORK.test(importer));
  }
  return (id, { getModuleInfo }) => {
    if (isFramework(id, getModuleInfo)) return "framework";
    if (OWN_CHUNK.test(id.replace(/\?.*$/, ""))) return undefined;
    const routes = routesReaching(id, getModuleInfo);
    if (routes.some((route) => ROOT.test(route))) return "shared";
    if (routes.length < 3) return undefined;
    return routes.some((route) => DASHBOARD.test(route)) ? "shared" : "common";
  };
}

// Only builds: `npm start` and `npm run dev` serve the built Worker entry under wrangler dev (scripts/local-stack.mjs),
// so no dev server runs loaders outside the Worker.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunks() } } },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Every page ships the whole route manifest (one cached file) instead of discovering routes lazily. Under
        // lazy discovery the client router matches a fetcher's URL against the routes it knows so far: a
        // refetch of the page that starts while `fetcher.load("/api/plan")` is still discovering its route
        // revalidates that fetcher against a tree without the resource route ("No route matches URL", or the
        // `$` catch-all page), and the page turns into its 404 (remix-run/remix#10263, react-router#13114,
        // #15326, #15327; Remix v2 gets no fix). With the full manifest every client-side load of a resource
        // route or page matches at once. React Router 7 keeps this as `routeDiscovery: { mode: "initial" }`.
        v3_lazyRouteDiscovery: false,
      },
      // `/` and `/demo` show the same page as `/dashboard` (app/routes/dashboard.tsx): one module, three ids.
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          route(undefined, "routes/dashboard.tsx", { index: true, id: "routes/home" });
          route("demo", "routes/dashboard.tsx", { id: "routes/demo" });
        }),
    }),
    tailwindcss(),
  ],
}));
