import { describe, expect, it } from "vitest";
import { credentialsTyped, describeDigest, slackErrorMessage } from "./slack-setup";

describe("slackErrorMessage", () => {
  it("maps the spec's install errors to its messages", () => {
    expect(slackErrorMessage("access_denied")).toBe("Installation was cancelled");
    expect(slackErrorMessage("config_missing")).toBe("Slack app configuration is missing");
    expect(slackErrorMessage("no_code")).toBe("Authorization failed - no code received");
    expect(slackErrorMessage("callback_failed")).toBe("Something went wrong during installation");
  });

  it("reads 'Error: {value}' for anything else, cutting long values", () => {
    expect(slackErrorMessage("invalid_scope")).toBe("Error: invalid_scope");
    expect(slackErrorMessage("")).toBe("Error: ");
    const long = "x".repeat(200);
    const message = slackErrorMessage(long);
    expect(message).toBe(`Error: ${"x".repeat(59)}…`);
  });

  it("does not treat inherited object keys as known errors", () => {
    expect(slackErrorMessage("toString")).toBe("Error: toString");
    expect(slackErrorMessage("__proto__")).toBe("Error: __proto__");
  });
});

describe("credentialsTyped", () => {
  const filled = { slackClientId: "123.456", slackClientSecret: "s3cret", slackSigningSecret: "sign" };

  it("is true only when all three fields have something in them", () => {
    expect(credentialsTyped(filled)).toBe(true);
    expect(credentialsTyped({ ...filled, slackClientId: "" })).toBe(false);
    expect(credentialsTyped({ ...filled, slackClientSecret: "" })).toBe(false);
    expect(credentialsTyped({ ...filled, slackSigningSecret: "" })).toBe(false);
  });

  it("counts whitespace as typed, so the trimmed check can say what is missing", () => {
    expect(credentialsTyped({ ...filled, slackClientSecret: "  " })).toBe(true);
  });
});

describe("describeDigest", () => {
  const digest = { enabled: true, channel: "#production", time: "08:30", timezone: "Europe/London" };

  it("says where and when the digest posts", () => {
    expect(describeDigest(digest)).toBe("The morning digest posts to #production at 08:30 (Europe/London).");
  });

  it("says when it is off, or on without a channel", () => {
    expect(describeDigest({ ...digest, enabled: false })).toBe("The morning digest is off.");
    expect(describeDigest({ ...digest, channel: null })).toMatch(/no channel yet/);
  });
});
