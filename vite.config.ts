import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/client-chunks";
import { lucideImports } from "./scripts/lucide-imports";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Only builds: `npm start` and `npm run dev` serve the built Worker entry under wrangler dev (scripts/local-stack.mjs),
// so no dev server runs loaders outside the Worker.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunks() } } },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    lucideImports(),
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
