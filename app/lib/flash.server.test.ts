import { describe, expect, it } from "vitest";
import { clearFlashCookie, flashCookie, readFlash, redirectWithFlash } from "./flash.server";

const request = (cookie?: string, url = "http://localhost/tasks") =>
  new Request(url, { headers: cookie ? { cookie } : {} });

function cookiePair(setCookie: string) {
  return setCookie.split(";")[0];
}

describe("flash messages", () => {
  it("round-trips a message through the cookie", () => {
    const message = { title: "Task Created", description: "“Load-in” is on the board.", variant: "success" as const };
    const pair = cookiePair(flashCookie(request(), message));
    expect(readFlash(request(`other=1; ${pair}`))).toEqual(message);
  });

  it("is short-lived, HttpOnly, and Secure over https only", () => {
    const message = { title: "Task Updated" };
    expect(flashCookie(request(), message)).toMatch(/HttpOnly; SameSite=Lax; Max-Age=60$/);
    expect(flashCookie(request(undefined, "https://cueboard.example/tasks"), message)).toMatch(/; Secure$/);
    expect(clearFlashCookie(request())).toMatch(/Max-Age=0/);
  });

  it("ignores a tampered or malformed cookie", () => {
    expect(readFlash(request("cb_flash=%7Bnot-json"))).toBeNull();
    expect(readFlash(request(`cb_flash=${encodeURIComponent(JSON.stringify({ title: 42 }))}`))).toBeNull();
    expect(readFlash(request())).toBeNull();
  });

  it("redirects with a 303 that sets the flash", () => {
    const response = redirectWithFlash(request(), "/tasks?priority=high", { title: "Task Created" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/tasks?priority=high");
    expect(response.headers.get("Set-Cookie")).toMatch(/^cb_flash=/);
  });
});
