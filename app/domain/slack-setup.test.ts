import { describe, expect, it } from "vitest";
import { credentialsTyped, describeDigest } from "./slack-setup";

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
