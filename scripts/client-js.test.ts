import { describe, expect, it } from "vitest";
import {
  clientJsFor,
  journeyJs,
  parseRemixManifest,
  routeIdForUrl,
  routeUrlPath,
  type RemixBrowserManifest,
} from "./client-js.mjs";

const manifest: RemixBrowserManifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/jsx-runtime.js", "/assets/components.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root.js",
      imports: ["/assets/jsx-runtime.js", "/assets/components.js"],
    },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: "/assets/_index.js", imports: [] },
    "routes/tasks": {
      id: "routes/tasks",
      parentId: "root",
      path: "tasks",
      module: "/assets/tasks.js",
      imports: ["/assets/components.js", "/assets/dialog.js"],
    },
    "routes/tasks.$id": {
      id: "routes/tasks.$id",
      parentId: "routes/tasks",
      path: ":id",
      module: "/assets/task.js",
      imports: ["/assets/dialog.js"],
    },
  },
};

describe("parseRemixManifest", () => {
  it("reads the manifest module Remix writes to build/client/assets", () => {
    const source = `window.__remixManifest=${JSON.stringify(manifest)};\n`;
    expect(parseRemixManifest(source)).toEqual(manifest);
  });

  it("refuses other files", () => {
    expect(() => parseRemixManifest("export default {}")).toThrow("not a Remix browser manifest");
  });
});

describe("routeUrlPath", () => {
  it("joins the paths of the route and its parents", () => {
    expect(routeUrlPath(manifest, "root")).toBe("/");
    expect(routeUrlPath(manifest, "routes/_index")).toBe("/");
    expect(routeUrlPath(manifest, "routes/tasks")).toBe("/tasks");
    expect(routeUrlPath(manifest, "routes/tasks.$id")).toBe("/tasks/:id");
  });
});

describe("clientJsFor", () => {
  it("lists the entry, then each route module from root down, every file once", () => {
    expect(clientJsFor(manifest, "routes/tasks.$id")).toEqual([
      "/assets/entry.client.js",
      "/assets/jsx-runtime.js",
      "/assets/components.js",
      "/assets/root.js",
      "/assets/tasks.js",
      "/assets/dialog.js",
      "/assets/task.js",
    ]);
  });

  it("throws on a route the manifest does not have", () => {
    expect(() => clientJsFor(manifest, "routes/missing")).toThrow("unknown route routes/missing");
  });
});

describe("routeIdForUrl", () => {
  it("finds the page route that answers a URL", () => {
    expect(routeIdForUrl(manifest, "/tasks")).toBe("routes/tasks");
    expect(routeIdForUrl(manifest, "/tasks/:id")).toBe("routes/tasks.$id");
    expect(routeIdForUrl(manifest, "/")).toBe("routes/_index");
  });

  it("throws on a URL no route answers", () => {
    expect(() => routeIdForUrl(manifest, "/nowhere")).toThrow("no route answers /nowhere");
  });
});

describe("journeyJs", () => {
  it("counts each file once over the pages visited in turn", () => {
    expect(journeyJs(manifest, ["routes/_index", "routes/tasks"])).toEqual([
      "/assets/entry.client.js",
      "/assets/jsx-runtime.js",
      "/assets/components.js",
      "/assets/root.js",
      "/assets/_index.js",
      "/assets/tasks.js",
      "/assets/dialog.js",
    ]);
  });
});
