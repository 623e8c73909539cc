import {
  vitePlugin as remix,
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { getLoadContext } from "./load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    // The dev proxy starts a local runtime; only wanted for `remix vite:dev`, never during builds.
    ...(command === "serve" ? [remixCloudflareDevProxy({ getLoadContext })] : []),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
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
