import { describe, expect, it } from "vitest";
import { checkoutBody, checkoutOutcome } from "./billing-client";

const failure = (status: number, message: string | null = null) => ({ ok: false as const, status, message, fieldErrors: {} });

describe("checkoutBody", () => {
  it("asks to come back to the dashboard on this origin, naming the plan on success", () => {
    expect(checkoutBody("premium", "https://cue.example")).toEqual({
      tier: "premium",
      successUrl: "https://cue.example/dashboard?upgrade=success&plan=premium",
      cancelUrl: "https://cue.example/dashboard?upgrade=cancelled",
    });
  });
});

describe("checkoutOutcome", () => {
  it("goes to the returned checkout address", () => {
    expect(checkoutOutcome({ ok: true, status: 200, data: { url: "https://checkout.stripe.com/c/cs_1" } })).toEqual({
      kind: "redirect",
      url: "https://checkout.stripe.com/c/cs_1",
    });
  });

  it("reports an answer without an address (spec §8)", () => {
    expect(checkoutOutcome({ ok: true, status: 200, data: {} })).toEqual({ kind: "failed", message: "No checkout URL received" });
  });

  it("asks a signed-out visitor to sign in, and says when billing is off", () => {
    expect(checkoutOutcome(failure(401, "Authentication required"))).toEqual({ kind: "sign-in" });
    expect(checkoutOutcome(failure(503, "Billing is not configured"))).toEqual({ kind: "not-configured" });
  });

  it("passes the server's message on, else the status, else the spec's fallback", () => {
    expect(checkoutOutcome(failure(409, "Your beta access cannot switch"))).toEqual({ kind: "failed", message: "Your beta access cannot switch" });
    expect(checkoutOutcome(failure(502))).toEqual({ kind: "failed", message: "HTTP 502" });
    expect(checkoutOutcome(failure(0))).toEqual({ kind: "failed", message: "Failed to start upgrade process. Please try again." });
  });
});
