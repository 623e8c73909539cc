/**
 * Which JavaScript files the browser loads for a page, read from the Remix browser manifest
 * (build/client/assets/manifest-<hash>.js). Vite's own .vite/manifest.json is deleted by the Remix
 * build, and the Remix manifest is what the server renders as <link rel="modulepreload"> anyway.
 */

const PREFIX = "window.__remixManifest=";

/** Parses the manifest module's source (`window.__remixManifest={…};`). */
export function parseRemixManifest(source) {
  const text = source.trim();
  if (!text.startsWith(PREFIX)) throw new Error("not a Remix browser manifest");
  return JSON.parse(text.slice(PREFIX.length).replace(/;$/, ""));
}

/** The route and its ancestors, root first. */
function routeChain(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`unknown route ${id}`);
    chain.unshift(route);
  }
  return chain;
}

/** The URL pattern a route answers, e.g. `/api/tasks/:id`; `/` for root and index routes. */
export function routeUrlPath(manifest, routeId) {
  const segments = routeChain(manifest, routeId)
    .map((route) => route.path ?? "")
    .filter((path) => path !== "");
  return `/${segments.join("/")}`;
}

/**
 * Every JS file a first load of the route fetches, each once: the client entry and its imports, then
 * each route module from root down with its imports.
 */
export function clientJsFor(manifest, routeId) {
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of routeChain(manifest, routeId)) files.push(route.module, ...(route.imports ?? []));
  return [...new Set(files)];
}

/** The id of the page route that answers `url` exactly (`/dashboard` → `routes/dashboard`). */
export function routeIdForUrl(manifest, url) {
  const id = Object.keys(manifest.routes).find((routeId) => routeId !== "root" && routeUrlPath(manifest, routeId) === url);
  if (!id) throw new Error(`no route answers ${url}`);
  return id;
}

/**
 * Every JS file a visitor loads walking through the routes in turn (client-side navigations fetch only the
 * modules they have not loaded yet), each once.
 */
export function journeyJs(manifest, routeIds) {
  return [...new Set(routeIds.flatMap((id) => clientJsFor(manifest, id)))];
}
