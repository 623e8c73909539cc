import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError, listTasks, newTask, ORIGIN, signUp, type Account } from "./helpers";

let owner: Account;
let taskId: string;
beforeAll(async () => {
  owner = await signUp();
  taskId = (await newTask(owner.token, { title: "Existing task" })).id;
});

/** A raw (non-`json`) request body with an explicit content type. */
function send(path: string, method: string, body: BodyInit | null, contentType: string | null = "application/json") {
  const headers: Record<string, string> = {};
  if (contentType) headers["content-type"] = contentType;
  return call(path, { method, token: owner.token, body, headers });
}

describe("malformed bodies", () => {
  for (const [label, path, method] of [
    ["POST /api/tasks", "/api/tasks", "POST"],
    ["PUT /api/tasks/:id", "/api/tasks/:id", "PUT"],
    ["POST /api/categories", "/api/categories", "POST"],
    ["POST /api/demo/signup", "/api/demo/signup", "POST"],
  ] as const) {
    it(`${label}: malformed JSON, arrays, strings and null are 400 JSON`, async () => {
      const url = path.replace(":id", () => taskId);
      for (const body of ['{"title": "x"', "{title: 'x'}", "nope", "[]", '[{"title":"x"}]', '"a string"', "42", "null", "true"]) {
        await expectError(await send(url, method, body), 400);
      }
    });
  }

  it("creates nothing from a rejected body", async () => {
    await send("/api/tasks", "POST", '[{"title":"From an array"}]');
    expect((await listTasks(owner.token, "?q=From%20an%20array")).length).toBe(0);
  });

  it("answers 415 for a body that is not JSON", async () => {
    for (const [body, type] of [
      ["title=Order+chairs", "application/x-www-form-urlencoded"],
      ['{"title":"Order chairs"}', "text/plain"],
      ['{"title":"Order chairs"}', "text/html; charset=utf-8"],
      ["<task/>", "application/xml"],
    ]) {
      await expectError(await send("/api/tasks", "POST", body, type), 415);
    }
    const form = new FormData();
    form.set("title", "Order chairs");
    await expectError(await call("/api/tasks", { method: "POST", token: owner.token, body: form }), 415);
  });

  it("accepts JSON with a charset or a +json type", async () => {
    const a = await send("/api/tasks", "POST", '{"title":"Charset JSON"}', "application/json; charset=utf-8");
    expect(a.status).toBe(201);
    const b = await send("/api/tasks", "POST", '{"title":"Vendor JSON"}', "application/vnd.cueboard+json");
    expect(b.status).toBe(201);
  });

  it("answers 413 for a body over 64 KB with a content-length", async () => {
    const body = JSON.stringify({ title: "Big", description: "x".repeat(70 * 1024) });
    const res = await call("/api/tasks", {
      method: "POST",
      token: owner.token,
      body,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    await expectError(res, 413);
  });

  it("answers 413 for a streamed body over 64 KB without a content-length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(8 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":"Streamed","description":"'));
      },
      pull(controller) {
        // Never-ending without the cap: the server must stop reading on its own.
        if (sent > 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/api/tasks`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", "x-demo-token": owner.token },
    });
    expect(request.headers.get("content-length")).toBeNull();
    const { exports } = await import("cloudflare:workers");
    await expectError(await exports.default.fetch(request), 413);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it("accepts a body just under 64 KB", async () => {
    const res = await call("/api/tasks", {
      method: "POST",
      token: owner.token,
      json: { title: "Almost too big", originalPrompt: "p".repeat(3000), padding: "x".repeat(60 * 1024) },
    });
    expect(res.status).toBe(201);
  });
});

describe("routing errors", () => {
  it("answers unknown /api paths with a JSON 404 for every method, signed in or not", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/nope"],
      ["GET", "/api"],
      ["GET", "/api/tasks/a/b"],
      ["POST", "/api/task"],
      ["GET", "/api/auth"],
    ]) {
      for (const token of [owner.token, undefined]) {
        const res = await call(path, { method, token, json: method === "GET" ? undefined : {} });
        expect(await expectError(res, 404)).toEqual({ error: "No such API endpoint" });
      }
    }
  });

  it("ignores a body sent with GET instead of failing", async () => {
    for (const path of ["/api/tasks", "/api/status", "/api/auth/user", "/api/categories"]) {
      const res = await call(path, { token: owner.token, headers: { "content-length": "5" } });
      expect(res.status, path).toBe(200);
    }
  });

  it("answers a wrong method with a JSON 405 and an Allow header", async () => {
    const cases: [string, string, string][] = [
      ["PATCH", "/api/tasks", "GET, POST"],
      ["DELETE", "/api/tasks", "GET, POST"],
      ["PUT", "/api/tasks", "GET, POST"],
      ["POST", "/api/status", "GET"],
      ["DELETE", "/api/status", "GET"],
      ["POST", "/api/auth/user", "GET"],
      ["GET", "/api/demo/signup", "POST"],
      ["PUT", "/api/demo/signup", "POST"],
      ["POST", `/api/tasks/${"x"}`, "GET, PUT, PATCH, DELETE"],
      ["PUT", "/api/categories", "GET, POST"],
      ["DELETE", "/api/statuses", "GET, POST"],
      ["GET", "/api/categories/marketing", "DELETE"],
      ["POST", "/api/statuses/pending", "DELETE"],
    ];
    for (const [method, path, allow] of cases) {
      for (const token of [owner.token, undefined]) {
        const res = await call(path, { method, token, json: method === "GET" ? undefined : {} });
        await expectError(res, 405);
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      }
    }
  });

  it("answers 401 Authentication required on every endpoint without credentials", async () => {
    const cases: [string, string, unknown?][] = [
      ["GET", "/api/auth/user"],
      ["GET", "/api/tasks"],
      ["GET", "/api/tasks?status=pending"],
      ["POST", "/api/tasks", { title: "Anonymous" }],
      ["GET", `/api/tasks/${taskId}`],
      ["PUT", `/api/tasks/${taskId}`, { title: "Anonymous" }],
      ["PATCH", `/api/tasks/${taskId}`, { title: "Anonymous" }],
      ["DELETE", `/api/tasks/${taskId}`],
      ["GET", "/api/status"],
      ["GET", "/api/categories"],
      ["POST", "/api/categories", { name: "Anonymous" }],
      ["DELETE", "/api/categories/marketing"],
      ["GET", "/api/statuses"],
      ["POST", "/api/statuses", { name: "Anonymous" }],
      ["DELETE", "/api/statuses/pending"],
    ];
    for (const [method, path, json] of cases) {
      for (const creds of [{}, { token: "not-a-token" }, { cookie: "not-a-token" }]) {
        const res = await call(path, { method, json, ...creds });
        expect(await expectError(res, 401), `${method} ${path}`).toEqual({ error: "Authentication required" });
      }
    }
    // Nothing was changed by the refused writes.
    const task = (await (await call(`/api/tasks/${taskId}`, { token: owner.token })).json()) as { title: string };
    expect(task.title).toBe("Existing task");
  });
});

describe("cross-site writes", () => {
  const foreign = { origin: "https://evil.example" };

  it("refuses cookie-authenticated writes from another origin", async () => {
    const cases: [string, string, unknown?][] = [
      ["POST", "/api/tasks", { title: "Forged" }],
      ["PUT", `/api/tasks/${taskId}`, { title: "Forged" }],
      ["DELETE", `/api/tasks/${taskId}`],
      ["POST", "/api/categories", { name: "Forged" }],
      ["DELETE", "/api/categories/marketing"],
      ["POST", "/api/statuses", { name: "Forged" }],
    ];
    for (const [method, path, json] of cases) {
      for (const origin of ["https://evil.example", "null", "http://localhost:8787"]) {
        const res = await call(path, { method, json, cookie: owner.token, headers: { origin } });
        await expectError(res, 403);
      }
    }
    expect((await listTasks(owner.token)).map((t) => t.title)).not.toContain("Forged");
    const categories = (await (await call("/api/categories", { token: owner.token })).json()) as string[];
    expect(categories).toContain("marketing");
    expect(categories).not.toContain("Forged");
  });

  it("lets cookie-authenticated reads from another origin through", async () => {
    const res = await call("/api/tasks", { cookie: owner.token, headers: foreign });
    expect(res.status).toBe(200);
  });

  it("accepts cookie-authenticated writes from the app's own origin", async () => {
    const res = await call("/api/tasks", {
      method: "POST",
      cookie: owner.token,
      headers: { origin: ORIGIN },
      json: { title: "Same-origin cookie write" },
    });
    expect(res.status).toBe(201);
  });

  it("accepts header-token writes without an Origin", async () => {
    const res = await call("/api/tasks", { method: "POST", token: owner.token, json: { title: "Header token write" } });
    expect(res.status).toBe(201);
  });
});

describe("hostile input", () => {
  interface Probe {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
    /** Remix's own transport (`?_data`, `.data`) answers outside the /api error contract; only "no 500" applies. */
    remixTransport?: boolean;
  }

  const json = (value: unknown) => JSON.stringify(value);
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  const nested = { a: { b: { c: [1, { d: "e" }] } } };
  const long = "x".repeat(20_000);

  function probes(id: string): Probe[] {
    const taskBodies: string[] = [
      json({ title: 1e308 }),
      '{"title":"Huge hours","estimatedHours":1e400}',
      '{"title":"Negative infinity","estimatedHours":-1e400}',
      json({ title: "Max safe", estimatedHours: Number.MAX_SAFE_INTEGER + 2 }),
      json({ title: nested }),
      json({ title: ["a", "b"] }),
      json({ title: "Nested fields", description: nested, category: nested, status: nested, priority: nested, dueDate: nested }),
      json({ title: "Null byte \u0000 title", description: "\u0000\u0000", category: "cat\u0000egory", assigneeName: "\u0000" }),
      json({ title: "\u0000" }),
      json({ title: "Lone surrogate \ud800", description: "\udfff" }),
      json({ title: "Emoji 🎪🎤", category: "🎪" }),
      json({ title: "Proto", __proto__: { isAdmin: true } }),
      '{"title":"Proto raw","__proto__":{"status":"completed"},"constructor":{"prototype":{"polluted":true}}}',
      '{"__proto__":null}',
      json({ title: long }),
      json({ title: "Long fields", description: long, originalPrompt: long, assigneeName: long, category: long }),
      json({ title: "Long status", status: long }),
      json({ title: "SQL", description: "'); DROP TABLE tasks; --", category: "x' OR '1'='1" }),
      json({ title: "Bad date 1", dueDate: "2030-01-01T23:59:60Z" }),
      json({ title: "Bad date 2", dueDate: "2030-01-01T10:00+99:00" }),
      json({ title: "Bad date 3", dueDate: "+275760-09-13" }),
      json({ title: "Bad date 4", dueDate: "0000-01-01" }),
      json({ title: "Bad date 5", dueDate: "2030-01-01T10:00:00.1234567890Z" }),
      json({ title: "Bad date 6", dueDate: "0001-01-01T00:00+14:00" }),
      json({ title: "Bad booleans", isAiGenerated: null, allowDuplicate: "true" }),
      json({ title: "Dup keys", priority: "low" }).replace("}", ',"priority":"high","priority":{"x":1}}'),
      deep(5000),
      json({ title: JSON.parse(deep(500)) }),
      "\uFEFF" + json({ title: "BOM" }),
      json({ title: "Unicode escapes \\u0000" }),
      "",
      " ",
    ];
    const out: Probe[] = taskBodies.flatMap((body) => [
      { method: "POST", path: "/api/tasks", body },
      { method: "PUT", path: `/api/tasks/${id}`, body },
      { method: "PATCH", path: `/api/tasks/${id}`, body },
    ]);
    for (const body of [json({ name: nested }), json({ name: long }), json({ name: "\u0000" }), json({ name: 1e400 }), json({ name: null })]) {
      out.push({ method: "POST", path: "/api/categories", body }, { method: "POST", path: "/api/statuses", body });
    }
    for (const body of [json({ name: nested, email: nested }), json({ name: long, email: `${long}@example.com` }), json({ name: "\u0000\u0000", email: "a@b.c\u0000", marketingOptIn: nested })]) {
      out.push({ method: "POST", path: "/api/demo/signup", body });
    }
    for (const query of [
      `?q=${"%25".repeat(5000)}`,
      `?q=${long}`,
      "?q=%00",
      "?q=%E0%A4%A",
      "?q=%27%29%3B%20DROP%20TABLE%20tasks%3B--",
      "?status=" + long,
      "?priority=%00",
      "?priority[]=high&priority[]=low",
      "?status=a&status=b&status=c",
      "?__proto__=x&constructor=y&toString=z",
      "?category=" + "%5C".repeat(100),
      "?" + "a=1&".repeat(5000),
    ]) {
      out.push({ path: `/api/tasks${query}` });
    }
    for (const path of [
      `/api/tasks/${long}`,
      "/api/tasks/%00",
      "/api/tasks/%E0%A4%A",
      "/api/tasks/..%2F..%2Fstatus",
      "/api/tasks/%2e%2e",
      "/api/categories/%E0%A4%A",
      "/api/categories/%00",
      `/api/categories/${long}`,
      "/api/statuses/%20pending%20",
      "/api/statuses/%2F",
    ]) {
      out.push({ path }, { method: "DELETE", path }, { method: "PUT", path, body: json({ title: "Path probe" }) });
    }
    const headerProbes: Record<string, string>[] = [
      { "x-demo-token": long },
      { "x-demo-token": "%E0%A4%A" },
      { cookie: "cb_session=%E0%A4%A" },
      { cookie: `cb_session=${long}` },
      { cookie: "cb_session" },
      { cookie: "=; ;;; cb_session=; a=b=c" },
      { "content-length": "99999999999999999999", "content-type": "application/json" },
      { "content-type": "application/json; charset=utf-16" },
      { "content-type": "" },
    ];
    for (const headers of headerProbes) {
      out.push({ path: "/api/auth/user", headers }, { method: "POST", path: "/api/tasks", headers, body: json({ title: "Header probe" }) });
    }
    out.push(
      { path: "/api/tasks?_data=nope", remixTransport: true },
      { path: "/api/tasks?_data=routes%2Fapi.tasks", remixTransport: true },
      { path: "/api/tasks.data", remixTransport: true },
      { method: "POST", path: "/api/tasks.data", body: json({ title: "Single fetch" }), remixTransport: true },
      { path: "/api/nope.data", remixTransport: true },
    );
    return out;
  }

  it("never answers 500, and every /api error keeps the error shape", async () => {
    const victim = await signUp("Hostile Tester");
    const id = (await newTask(victim.token, { title: "Target" })).id;
    const failures: string[] = [];
    for (const probe of probes(id)) {
      const headers = new Headers({ "content-type": "application/json", "x-demo-token": victim.token });
      for (const [k, v] of Object.entries(probe.headers ?? {})) {
        // A probe that sends its own credentials replaces the valid token.
        if (k === "cookie" || k === "x-demo-token") headers.delete("x-demo-token");
        headers.set(k, v);
      }
      const label = `${probe.method ?? "GET"} ${probe.path.slice(0, 80)} ${probe.body?.slice(0, 60) ?? ""} ${JSON.stringify(probe.headers ?? {}).slice(0, 60)}`;
      let res: Response;
      try {
        res = await call(probe.path, { method: probe.method ?? "GET", body: probe.body, headers });
      } catch (error) {
        // The test client itself may refuse a header value; that request never reaches the Worker.
        if (error instanceof TypeError && probe.headers) continue;
        throw error;
      }
      const text = await res.text();
      if (res.status >= 500) failures.push(`${res.status} ${label}: ${text.slice(0, 120)}`);
      else if (res.status >= 400 && !probe.remixTransport) {
        const type = res.headers.get("content-type") ?? "";
        let shapeOk = false;
        try {
          shapeOk = type.startsWith("application/json") && typeof JSON.parse(text).error === "string";
        } catch {
          shapeOk = false;
        }
        if (!shapeOk) failures.push(`bad error shape ${res.status} ${label}: ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);

    // The workspace is still consistent and usable after all of it.
    const tasks = await listTasks(victim.token);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(typeof task.title).toBe("string");
      expect(task.title.length).toBeLessThanOrEqual(200);
      expect(["low", "medium", "high", "critical"]).toContain(task.priority);
      if (task.dueDate) expect(task.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await call("/api/status", { token: victim.token })).status).toBe(200);
  }, 60_000);
});
