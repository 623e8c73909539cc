import { Validator, type Schema } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "./helpers";

/**
 * The OpenAPI document at /api/openapi.json (ADR 047) against the routes it describes: every route file under
 * app/routes/api.* is documented with exactly the methods it answers, every documented operation exists, a body of
 * the wrong shape is a 4xx in the one error shape (never a 500), a body the document accepts is accepted, and the
 * answers the document describes match it.
 */

type JsonSchema = Record<string, unknown>;
type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema }> }>;
};
type Document = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every /api route module, found by the bundler from the folder itself (so a new file cannot be missed). */
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>("../../app/routes/api.*.{ts,tsx}", { eager: true });

/**
 * A flat route file's URL path, as Remix reads the name: `.` separates segments, brackets escape what they hold
 * (`[.]` is a literal dot, `[test]` the word, kept out of the test runner's `*.test.ts`), `$name` is a parameter
 * (`{name}` in OpenAPI), a lone `$` the catch-all.
 */
function pathOfRouteFile(file: string) {
  const name = file.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, "");
  const segments = name
    .replace(/\[([^\]]*)\]/g, (_, escaped: string) => escaped.replaceAll(".", "\u0000"))
    .split(".")
    .map((segment) => segment.replaceAll("\u0000", "."));
  if (segments.at(-1) === "$") return null;
  return "/" + segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment)).join("/");
}

/** A documented path with its parameters filled in: ids that match nothing, which the tests only need to route. */
const concrete = (path: string) => path.replace(/\{[^{}]+\}/g, "no-such-id");

async function fetchDocument() {
  const res = await call("/api/openapi.json");
  expect(res.status).toBe(200);
  return { res, document: (await res.json()) as Document };
}

function operationsOf(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

function errorsOf(schema: Schema, value: unknown) {
  const result = new Validator(schema, "2020-12", false).validate(value);
  return result.valid ? [] : result.errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}

/** A JSON call as an API client makes it: the token header, and the Origin a browser would add. */
function send(token: string, method: string, path: string, body: unknown) {
  return call(path, { method: method.toUpperCase(), token, headers: { origin: ORIGIN }, json: body });
}

describe("the OpenAPI document", () => {
  it("is served to anyone as OpenAPI 3.1 with an ETag, and a current copy is a 304", async () => {
    const { res, document } = await fetchDocument();
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");

    const again = await call("/api/openapi.json", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("holds together: every $ref resolves, every path parameter is declared, operationIds are unique", async () => {
    const { document } = await fetchDocument();
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref.split("/").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document);
      expect(target, ref).toBeDefined();
    }
    const ids = new Set<string>();
    for (const { path, method, operation } of operationsOf(document)) {
      expect(ids.has(operation.operationId), operation.operationId).toBe(false);
      ids.add(operation.operationId);
      const declared = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      const inPath = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
      expect(declared, `${method} ${path}`).toEqual(inPath);
      expect(Object.keys(operation.responses).some((status) => /^2\d\d$|^3\d\d$/.test(status))).toBe(true);
      expect(operation.responses["400"]?.$ref).toBe("#/components/responses/BadRequest");
    }
    expect(Object.keys(document.components.securitySchemes)).toEqual(
      expect.arrayContaining(["bearerAuth", "demoToken", "sessionCookie"]),
    );
  });
});

// Some hundred requests, a few seconds on a busy machine.
describe("the routes against the document", { timeout: 60_000 }, () => {
  const files = Object.keys(ROUTE_MODULES);

  it("finds every /api route file, pages and escaped names included", () => {
    const names = files.map((file) => file.replace(/^.*\/routes\//, ""));
    expect(names).toEqual(
      expect.arrayContaining([
        "api.$.ts",
        "api.login.tsx",
        "api.show.cues[.]csv.ts",
        "api.openapi[.]json.ts",
        "api.tasks.$id.checklist.$itemId.ts",
        "api.webhooks.$id.[test].ts",
      ]),
    );
    expect(files.map(pathOfRouteFile)).toContain("/api/webhooks/{id}/test");
    expect(files.length).toBeGreaterThanOrEqual(87);
  });

  it("documents every route file's path, and documents no path without a route file", async () => {
    const { document } = await fetchDocument();
    const routed = files.map(pathOfRouteFile).filter((path): path is string => path !== null);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(Object.keys(document.paths).sort());
  });

  it("documents exactly the methods each route answers: any other is a 405 naming them in Allow", async () => {
    const { document } = await fetchDocument();
    for (const file of files) {
      const path = pathOfRouteFile(file);
      if (path === null) continue;
      const documented = Object.keys(document.paths[path] ?? {}).sort();
      const module = ROUTE_MODULES[file];
      const other = METHODS.find((method) => !documented.includes(method));
      expect(other, `${path} documents every method`).toBeDefined();
      const res = await call(concrete(path), { method: other!.toUpperCase() });
      expect(res.status, `${other} ${path}`).toBe(405);
      if (typeof module.default === "function") {
        // A page (sign-in is a browser navigation): Remix answers GET with it and refuses the rest.
        expect(module.action, path).toBeUndefined();
        expect(documented, path).toEqual(["get"]);
        continue;
      }
      const allow = (res.headers.get("allow") ?? "").split(/,\s*/).map((m) => m.toLowerCase());
      expect(allow.sort(), `Allow of ${path}`).toEqual(documented);
      expect(await res.json(), path).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe("bodies against the document", { timeout: 60_000 }, () => {
  it("answers a body of the wrong shape with a 4xx in the one error shape, never a 500", async () => {
    const owner = await signUp("Dana Whitfield");
    const { document } = await fetchDocument();
    // Slack's and Stripe's endpoints check the signature over the raw bytes first (401), whatever the body.
    const signed = (operation: Operation) =>
      operation.security.some((scheme) => "slackSignature" in scheme || "stripeSignature" in scheme);
    const withBodies = operationsOf(document).filter(
      ({ operation }) => Boolean(operation.requestBody?.content["application/json"]) && !signed(operation),
    );
    expect(withBodies.length).toBeGreaterThan(40);
    let refusedForTheBody = 0;
    for (const { path, method, operation } of withBodies) {
      const schema = operation.requestBody!.content["application/json"].schema;
      const required = (schema.required ?? []) as string[];
      const label = `${method} ${path}`;
      // Not an object at all; then an object without the required fields.
      const wrongBodies: unknown[] = [[]];
      if (required.length > 0) wrongBodies.push({ __wrong: 1 });
      for (const body of wrongBodies) {
        expect(errorsOf(schema, body), label).not.toEqual([]);
        const res = await send(owner.token, method, concrete(path), body);
        const answer = (await res.json()) as { error: unknown; fieldErrors?: Record<string, unknown> };
        // A path with an id may refuse the id first (404), a plan or role gate may refuse before the body is read
        // (402, 403); otherwise the body itself is refused (400). Never a 500, never the caller's credentials (401).
        const expected = path.includes("{") ? [400, 402, 403, 404] : [400, 402, 403];
        expect(expected, `${label} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(answer)}`).toContain(
          res.status,
        );
        expect(typeof answer.error, label).toBe("string");
        if (answer.fieldErrors !== undefined) {
          for (const messages of Object.values(answer.fieldErrors)) {
            expect(messages, label).toEqual(expect.arrayContaining([expect.any(String)]));
          }
        }
        if (res.status === 400 && !Array.isArray(body)) expect(answer.fieldErrors, label).toBeDefined();
        if (res.status === 400) refusedForTheBody += 1;
      }
    }
    // The gates above are the exception: nearly every wrong body reaches the schema and is refused for itself.
    expect(refusedForTheBody).toBeGreaterThan(withBodies.length);
  });

  it("accepts bodies the document accepts, and answers as the document says", async () => {
    const owner = await signUp("Priya Raman");
    const { document } = await fetchDocument();
    const accepted: { method: string; path: string; body: Record<string, unknown> }[] = [
      { method: "post", path: "/api/tasks", body: { title: "Confirm the stage manager", priority: "high" } },
      { method: "post", path: "/api/categories", body: { name: "Catering" } },
      { method: "post", path: "/api/show/stages", body: { name: "Main hall" } },
      { method: "post", path: "/api/crew", body: { name: "Ola Nordmann", department: "Lighting" } },
      { method: "put", path: "/api/workspace", body: { name: "Harbour Festival" } },
      { method: "post", path: "/api/notifications/read", body: {} },
    ];
    for (const { method, path, body } of accepted) {
      const operation = document.paths[path][method];
      expect(errorsOf(operation.requestBody!.content["application/json"].schema, body), path).toEqual([]);
      const res = await send(owner.token, method, path, body);
      const answer = await res.json();
      const [status] = Object.keys(operation.responses).filter((s) => /^2\d\d$/.test(s));
      expect(String(res.status), `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
      const documented = operation.responses[status].content?.["application/json"]?.schema;
      if (documented) expect(errorsOf(documented, answer), path).toEqual([]);
    }
  });

  it("answers each documented read a fresh workspace can make as its response schema says", async () => {
    const owner = await signUp("Tomás Herrera");
    await send(owner.token, "post", "/api/tasks", { title: "Book the sound engineer", dueDate: "2020-01-01" });
    await send(owner.token, "post", "/api/show/stages", { name: "Side stage" });
    const { document } = await fetchDocument();
    const reads = operationsOf(document).filter(
      ({ path, method, operation }) =>
        method === "get" && !path.includes("{") && operation.responses["200"]?.content?.["application/json"],
    );
    expect(reads.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["/api/health", "/api/status", "/api/show/stages", "/api/workspaces"]),
    );
    for (const { path, operation } of reads) {
      const res = await call(path, { token: owner.token });
      const answer = await res.json();
      expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
      expect(errorsOf(operation.responses["200"].content!["application/json"].schema, answer), path).toEqual([]);
    }
  });

  it("would catch an answer that breaks its schema", async () => {
    const { document } = await fetchDocument();
    const schema = document.paths["/api/status"].get.responses["200"].content!["application/json"].schema;
    expect(errorsOf(schema, { totalTasks: "3" })).not.toEqual([]);
  });
});
