import { describe, expect, it } from "vitest";
import {
  clearConfirmationCookie,
  clearFlashCookie,
  confirmationCookie,
  flashCookie,
  hasConfirmation,
  readFlash,
  redirectWithToast,
} from "./toast.server";

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
    const local = flashCookie(request(), message);
    for (const attribute of [/; HttpOnly/, /; SameSite=Lax/, /; Max-Age=60/]) expect(local).toMatch(attribute);
    expect(local).not.toMatch(/Secure/);
    expect(flashCookie(request(undefined, "https://cueboard.example/tasks"), message)).toMatch(/; Secure/);
    expect(clearFlashCookie(request())).toMatch(/Max-Age=0/);
  });

  it("ignores a tampered or malformed cookie", () => {
    expect(readFlash(request("cb_flash=%7Bnot-json"))).toBeNull();
    expect(readFlash(request(`cb_flash=${encodeURIComponent(JSON.stringify({ title: 42 }))}`))).toBeNull();
    expect(readFlash(request())).toBeNull();
  });

  it("redirects with a 303 that sets the flash", () => {
    const response = redirectWithToast(request(), "/tasks?priority=high", { title: "Task Created" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/tasks?priority=high");
    expect(response.headers.get("Set-Cookie")).toMatch(/^cb_flash=/);
  });
});

describe("confirmations", () => {
  it("confirm one thing for one workspace, briefly, and are cleared", () => {
    const set = confirmationCookie(request(), "slack_installed", "ws-1");
    for (const attribute of [/; HttpOnly/, /; SameSite=Lax/, /; Max-Age=60/]) expect(set).toMatch(attribute);
    const withIt = request(`cb_flash=x; ${cookiePair(set)}`);
    expect(hasConfirmation(withIt, "slack_installed", "ws-1")).toBe(true);
    expect(hasConfirmation(withIt, "slack_installed", "ws-2")).toBe(false);
    expect(hasConfirmation(request(), "slack_installed", "ws-1")).toBe(false);
    expect(hasConfirmation(request("cb_confirm=slack_installed"), "slack_installed", "ws-1")).toBe(false);
    expect(clearConfirmationCookie(request())).toMatch(/^cb_confirm=; .*Max-Age=0/);
  });
});
