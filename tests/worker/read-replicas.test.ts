import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "./helpers";

/**
 * Reads go through D1's Sessions API with the person's bookmark (app/http/bookmark.server.ts): a write's answer
 * carries the bookmark after it, in the `cb_bookmark` cookie and the `X-D1-Bookmark` header, and a read sent with
 * it is never answered from before that write.
 */

const bookmarkCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("cb_bookmark="))
    ?.split(";")[0]
    .slice("cb_bookmark=".length);

describe("D1 sessions in local workerd", () => {
  it("answers reads and writes in a session and hands back a bookmark", async () => {
    const session = env.DB.withSession("first-primary");
    const [result] = await session.batch([session.prepare("SELECT 1 AS one")]);
    expect(result.results).toEqual([{ one: 1 }]);
    expect(session.getBookmark()).toEqual(expect.any(String));
    // A later session from that bookmark reads as well.
    const next = env.DB.withSession(session.getBookmark()!);
    expect(await next.prepare("SELECT 2 AS two").first()).toEqual({ two: 2 });
  });
});

describe("the person's bookmark", () => {
  it("is set by a write and sent back with the next read, which sees the write", async () => {
    const maria = await signUp("Maria Lopez");
    const created = await call("/api/tasks", {
      method: "POST",
      cookie: maria.token,
      headers: { origin: ORIGIN },
      json: { title: "Book the shuttle buses" },
    });
    expect(created.status).toBe(201);
    const bookmark = bookmarkCookieOf(created);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    expect(created.headers.get("x-d1-bookmark")).toBe(bookmark);
    expect(created.headers.getSetCookie().find((c) => c.startsWith("cb_bookmark="))).toMatch(/HttpOnly/i);

    const read = await call("/api/tasks", {
      headers: { cookie: `cb_session=${maria.token}; cb_bookmark=${bookmark}` },
    });
    expect(read.status).toBe(200);
    const tasks = (await read.json()) as Array<{ title: string }>;
    expect(tasks.map((t) => t.title)).toEqual(["Book the shuttle buses"]);
    // The read names the bookmark it reached, and sets the cookie again only when it moved on.
    const after = read.headers.get("x-d1-bookmark");
    expect(after).toMatch(/^[0-9a-f-]+$/i);
    expect(bookmarkCookieOf(read) ?? bookmark).toBe(after);
  });

  it("reaches API clients through the header", async () => {
    const maria = await signUp("Maria Lopez");
    const created = await call("/api/tasks", { method: "POST", token: maria.token, json: { title: "Print the lanyards" } });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("x-d1-bookmark")!;
    const read = await call("/api/tasks", { token: maria.token, headers: { "X-D1-Bookmark": bookmark } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as Array<{ title: string }>).map((t) => t.title)).toEqual(["Print the lanyards"]);
  });

  it("ignores a bookmark that is not one, rather than failing the request", async () => {
    const maria = await signUp("Maria Lopez");
    for (const bad of ["not a bookmark!", "x".repeat(300), "zz-zz", "0123-abcd"]) {
      const res = await call("/api/status", { token: maria.token, headers: { "X-D1-Bookmark": bad } });
      expect(res.status, bad).toBe(200);
      expect(res.headers.get("x-d1-bookmark")).toMatch(/^[0-9a-f-]+$/i);
    }
  });
});
