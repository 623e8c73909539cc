/**
 * The Remix context a page renders with: the same, but with a route manifest of the page's own routes.
 *
 * `RemixServer` turns the manifest's routes into React Router routes on every render (about 100 here, 80 of them
 * under `/api`), and React Router flattens, ranks and matches them again to find the routes the server matched
 * already: a third match of the URL per page, and a tree of some 200 objects built and dropped. Everything the render
 * reads from the manifest is keyed by the matched routes (their modules and preloads for `Scripts`, their
 * stylesheets for `Links`, whether they have a loader); the client loads the whole manifest from its own file
 * (`manifest.url`, ADR 013), which this does not touch. So the render gets the matched routes only, from root to leaf,
 * and matches them in a few steps to the same routes.
 *
 * The narrowed manifests are kept per chain of matched routes (one per page route, at most `MAX_CHAINS`).
 */
import type { EntryContext } from "@remix-run/cloudflare";

type Manifest = EntryContext["manifest"];

const MAX_CHAINS = 200;

const chainsByManifest = new WeakMap<Manifest, Map<string, Manifest>>();

/** `context` with a manifest of its matched routes only; `context` itself when a matched route is not in it. */
export function withMatchedRoutes(context: EntryContext): EntryContext {
  const matches = context.staticHandlerContext.matches;
  if (matches.length === 0) return context;
  let key = "";
  for (const match of matches) key += `${match.route.id}\n`;
  let chains = chainsByManifest.get(context.manifest);
  if (!chains) {
    chains = new Map();
    chainsByManifest.set(context.manifest, chains);
  }
  let manifest = chains.get(key);
  if (!manifest) {
    const routes: Manifest["routes"] = {};
    for (const match of matches) {
      const route = context.manifest.routes[match.route.id];
      if (!route) return context;
      routes[match.route.id] = route;
    }
    manifest = { ...context.manifest, routes };
    if (chains.size < MAX_CHAINS) chains.set(key, manifest);
  }
  return { ...context, manifest };
}
