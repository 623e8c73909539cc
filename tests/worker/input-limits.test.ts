import { describe, expect, it } from "vitest";
import { call, signUp, uniqueEmail } from "./helpers";

const LIMIT = 64 * 1024;
const FORM = "application/x-www-form-urlencoded";

/** A form body of `bytes` bytes: one field padded with letters. */
function formOf(bytes: number) {
  const prefix = "intent=signup&pad=";
  return prefix + "a".repeat(bytes - prefix.length);
}

/** The same bytes as a stream, so the request goes out chunked, without a Content-Length. */
function chunked(body: string, chunkSize = 16 * 1024) {
  const bytes = new TextEncoder().encode(body);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

function post(path: string, body: BodyInit, contentType = FORM) {
  return call(path, { method: "POST", body, headers: { "content-type": contentType }, redirect: "manual" });
}

const PAGES = ["/dashboard", "/tasks", "/landing", "/join/x"];

describe("the body cap at the Worker entry", () => {
  it.each(PAGES)("refuses a signed-out 20 MB form post to %s with a 413 page", async (path) => {
    const res = await post(path, formOf(20 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain("Request body is too large (limit 64 KB)");
  });

  it.each(PAGES)("refuses a chunked form post just over 64 KB to %s with a 413 page", async (path) => {
    const res = await post(path, chunked(formOf(LIMIT + 1)));
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("answers /api with the JSON error, with or without a Content-Length", async () => {
    const big = JSON.stringify({ title: "x".repeat(LIMIT) });
    for (const body of [big, chunked(big)]) {
      const res = await post("/api/tasks", body, "application/json");
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: "Request body is too large (limit 64 KB)" });
    }
  });

  it("lets a form post under the cap through to the page action, chunked or not", async () => {
    for (const chunkedBody of [false, true]) {
      const fields = new URLSearchParams({ intent: "signup", name: "Sam Under", email: uniqueEmail("under") });
      // Padded to just under the cap: the action reads every byte and still signs the producer up.
      const body = `${fields}&pad=${"a".repeat(LIMIT - fields.toString().length - 5)}`;
      expect(body.length).toBe(LIMIT);
      const res = await call("/landing", {
        method: "POST",
        body: chunkedBody ? chunked(body) : body,
        headers: { "content-type": FORM, "sec-fetch-mode": "navigate" },
        redirect: "manual",
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/dashboard");
      expect(res.headers.get("set-cookie")).toContain("cb_session=");
    }
  });
});

describe("the rules parser on the heading line that stalled the Worker", () => {
  it("answers POST /api/tasks/parse with the two tasks", async () => {
    const { token } = await signUp();
    const text = `# a${" ".repeat(3980)}\u2028x\nBook buses`;
    const res = await call("/api/tasks/parse", { method: "POST", token, json: { text } });
    expect(res.status).toBe(200);
    const { tasks } = await res.json<{ tasks: Array<{ title: string }> }>();
    expect(tasks.map((t) => t.title)).toEqual(["# a x", "Book buses"]);
  });
});
