import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrorMessage, callApi } from "./api-client";

describe("apiErrorMessage", () => {
  it("prefers the server's message, then its error", () => {
    expect(apiErrorMessage({ error: "Bad", message: "Slack rejected the token" })).toBe("Slack rejected the token");
    expect(apiErrorMessage({ error: "Authentication required" })).toBe("Authentication required");
  });

  it("is null when the body says nothing usable", () => {
    expect(apiErrorMessage(null)).toBeNull();
    expect(apiErrorMessage("oops")).toBeNull();
    expect(apiErrorMessage({ error: "  ", message: 42 })).toBeNull();
  });
});

describe("callApi", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON writes with a JSON content type and returns the data", async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true, team: "Team T" }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await callApi("POST", "/api/slack/test-connection", { a: 1 });
    expect(result).toEqual({ ok: true, status: 200, data: { ok: true, team: "Team T" } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no body or content type when there is no body", async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal("fetch", fetchMock);
    await callApi("POST", "/api/slack/test-connection");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty("Content-Type");
  });

  it("turns a 4xx into its message and field errors", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json(
        { error: "Time must be HH:MM", fieldErrors: { time: ["Time must be HH:MM"], x: "no" } },
        { status: 400 }
      )
    );
    expect(await callApi("PUT", "/api/slack/digest", { time: "9" })).toEqual({
      ok: false,
      status: 400,
      message: "Time must be HH:MM",
      fieldErrors: { time: ["Time must be HH:MM"] },
    });
  });

  it("reports a network failure or a non-JSON error without a message", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await callApi("GET", "/api/slack/manifest")).toEqual({
      ok: false,
      status: 0,
      message: null,
      fieldErrors: {},
    });
    vi.stubGlobal("fetch", async () => new Response("<html>", { status: 502 }));
    expect(await callApi("GET", "/api/slack/manifest")).toEqual({
      ok: false,
      status: 502,
      message: null,
      fieldErrors: {},
    });
  });
});
