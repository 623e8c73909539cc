import { describe, expect, it } from "vitest";
import { assertPageSameOrigin, isDocumentRequest } from "./auth.server";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:8787/tasks", { method: "POST", headers });

describe("isDocumentRequest", () => {
  it("treats browser navigations and requests without Sec-Fetch-Mode as plain form posts", () => {
    expect(isDocumentRequest(post({ "sec-fetch-mode": "navigate" }))).toBe(true);
    expect(isDocumentRequest(post({}))).toBe(true);
  });

  it("treats fetch() submissions (fetchers) as data requests", () => {
    expect(isDocumentRequest(post({ "sec-fetch-mode": "cors" }))).toBe(false);
    expect(isDocumentRequest(post({ "sec-fetch-mode": "same-origin" }))).toBe(false);
  });
});

describe("assertPageSameOrigin", () => {
  it("lets same-origin and Origin-less posts through", () => {
    expect(() => assertPageSameOrigin(post({ origin: "http://localhost:8787" }))).not.toThrow();
    expect(() => assertPageSameOrigin(post({}))).not.toThrow();
  });

  it("throws a 403 response for another origin", () => {
    try {
      assertPageSameOrigin(post({ origin: "https://evil.example" }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(403);
    }
  });
});
