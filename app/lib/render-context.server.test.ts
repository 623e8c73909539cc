import type { EntryContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { withMatchedRoutes } from "./render-context.server";

const route = (id: string, parentId?: string) => ({
  id,
  parentId,
  path: id === "root" ? "" : id.replace("routes/", ""),
  module: `/assets/${id}.js`,
  hasLoader: true,
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
});

function contextFor(
  matched: string[],
  manifestIds = ["root", "routes/tasks", "routes/dashboard", "routes/api.status"],
) {
  const routes = Object.fromEntries(manifestIds.map((id) => [id, route(id, id === "root" ? undefined : "root")]));
  const manifest = { url: "/assets/manifest-1.js", version: "1", entry: { module: "/e.js", imports: [] }, routes };
  return {
    manifest,
    staticHandlerContext: { matches: matched.map((id) => ({ route: { id } })) },
    routeModules: {},
    future: {},
  } as unknown as EntryContext;
}

describe("withMatchedRoutes", () => {
  it("gives the render the matched routes only, and the rest of the context as it was", () => {
    const context = contextFor(["root", "routes/tasks"]);
    const narrowed = withMatchedRoutes(context);
    expect(Object.keys(narrowed.manifest.routes)).toEqual(["root", "routes/tasks"]);
    expect(narrowed.manifest.routes["routes/tasks"]).toBe(context.manifest.routes["routes/tasks"]);
    expect(narrowed.manifest.url).toBe("/assets/manifest-1.js");
    expect(narrowed.manifest.entry).toBe(context.manifest.entry);
    expect(narrowed.staticHandlerContext).toBe(context.staticHandlerContext);
    expect(Object.keys(context.manifest.routes)).toHaveLength(4);
  });

  it("builds one narrowed manifest per chain of routes, per manifest", () => {
    const first = withMatchedRoutes(contextFor(["root", "routes/tasks"]));
    const context = contextFor(["root", "routes/tasks"]);
    const again = withMatchedRoutes(context);
    const same = withMatchedRoutes({ ...context });
    expect(again.manifest).not.toBe(first.manifest);
    expect(same.manifest).toBe(again.manifest);
    const other = withMatchedRoutes({
      ...context,
      staticHandlerContext: contextFor(["root", "routes/dashboard"]).staticHandlerContext,
    });
    expect(Object.keys(other.manifest.routes)).toEqual(["root", "routes/dashboard"]);
  });

  it("leaves the context whole when nothing matched, or a match is not in the manifest", () => {
    const none = contextFor([]);
    expect(withMatchedRoutes(none)).toBe(none);
    const unknown = contextFor(["root", "routes/gone"]);
    expect(withMatchedRoutes(unknown)).toBe(unknown);
  });
});
