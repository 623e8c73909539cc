import { describe, expect, it } from "vitest";
import { cachingHeaders, isCurrent, notModified, pageCachingHeaders } from "./conditional.server";

const get = (headers: Record<string, string>, method = "GET") =>
  new Request("http://localhost/api/tasks", { method, headers });

describe("isCurrent", () => {
  const current = { etag: 'W/"abc"', lastModified: "2026-11-21T10:00:00.500Z" };

  it("is false for an unconditional request", () => {
    expect(isCurrent(get({}), current)).toBe(false);
  });

  it("compares If-None-Match weakly, against every listed tag, or any with *", () => {
    for (const header of ['W/"abc"', '"abc"', '"x", W/"abc"', ' "x" ,"abc" ', "*", " * "]) {
      expect(isCurrent(get({ "If-None-Match": header }), current), header).toBe(true);
    }
    for (const header of ['"x"', 'W/"ab"', '"abcd"', "abc", "", '"x", W/"abcd"']) {
      expect(isCurrent(get({ "If-None-Match": header }), current), header).toBe(false);
    }
    expect(isCurrent(get({ "If-None-Match": '"abc"' }), { etag: '"abc"' })).toBe(true);
  });

  it("keeps a comma inside a tag as part of it", () => {
    expect(isCurrent(get({ "If-None-Match": '"a,b"' }), { etag: '"a,b"' })).toBe(true);
    expect(isCurrent(get({ "If-None-Match": '"a,b"' }), { etag: '"a"' })).toBe(false);
  });

  it("lets If-None-Match decide over If-Modified-Since", () => {
    const since = "Sat, 21 Nov 2026 10:00:00 GMT";
    expect(isCurrent(get({ "If-None-Match": '"x"', "If-Modified-Since": since }), current)).toBe(false);
  });

  it("answers If-Modified-Since at the grain of an HTTP date", () => {
    expect(isCurrent(get({ "If-Modified-Since": "Sat, 21 Nov 2026 10:00:00 GMT" }), current)).toBe(true);
    expect(isCurrent(get({ "If-Modified-Since": "Sat, 21 Nov 2026 09:59:59 GMT" }), current)).toBe(false);
    expect(isCurrent(get({ "If-Modified-Since": "yesterday" }), current)).toBe(false);
    expect(isCurrent(get({ "If-Modified-Since": "Sat, 21 Nov 2026 10:00:00 GMT" }), { etag: '"abc"' })).toBe(false);
  });

  it("never answers a write as current", () => {
    expect(isCurrent(get({ "If-None-Match": "*" }, "POST"), current)).toBe(false);
    expect(isCurrent(get({ "If-None-Match": 'W/"abc"' }, "HEAD"), current)).toBe(true);
  });
});

describe("caching headers", () => {
  it("sends the validators with private, no-cache on the answer and its 304", async () => {
    const headers = cachingHeaders({ etag: '"abc"', lastModified: "2026-11-21T10:00:00.500Z" }, { "X-Other": "1" });
    expect(headers.get("ETag")).toBe('"abc"');
    expect(headers.get("Cache-Control")).toBe("private, no-cache");
    expect(headers.get("Last-Modified")).toBe("Sat, 21 Nov 2026 10:00:00 GMT");
    expect(headers.get("X-Other")).toBe("1");
    const response = notModified({ etag: 'W/"abc"' });
    expect(response.status).toBe(304);
    expect(response.headers.get("ETag")).toBe('W/"abc"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.has("Last-Modified")).toBe(false);
    expect(await response.text()).toBe("");
  });

  it("passes a page's caching headers on from its answer or its thrown 304, and nothing else", () => {
    const loaderHeaders = new Headers({ ETag: 'W/"a"', "Cache-Control": "private, no-cache", "X-Other": "1" });
    const none = new Headers();
    const fromAnswer = pageCachingHeaders({
      loaderHeaders,
      parentHeaders: none,
      actionHeaders: none,
      errorHeaders: undefined,
    });
    expect([...fromAnswer]).toEqual([
      ["cache-control", "private, no-cache"],
      ["etag", 'W/"a"'],
    ]);
    const errorHeaders = new Headers({ ETag: 'W/"b"', "Cache-Control": "private, no-cache" });
    const from304 = pageCachingHeaders({ loaderHeaders: none, parentHeaders: none, actionHeaders: none, errorHeaders });
    expect(from304.get("ETag")).toBe('W/"b"');
    expect([
      ...pageCachingHeaders({ loaderHeaders: none, parentHeaders: none, actionHeaders: none, errorHeaders: undefined }),
    ]).toEqual([]);
  });
});
