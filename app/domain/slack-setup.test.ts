import { describe, expect, it } from "vitest";
import { BOT_EVENTS, BOT_SCOPES } from "~/integrations/slack/manifest";
import { credentialsTyped, describeDigest, SLACK_ACCESS_REASONS } from "./slack-setup";

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

describe("SLACK_ACCESS_REASONS", () => {
  it("explains every scope and event the manifest asks for beyond commands, replies, mentions and users", () => {
    const explained = SLACK_ACCESS_REASONS.flatMap((r) => r.grants.split(", "));
    const basics = [
      "commands",
      "chat:write",
      "chat:write.public",
      "app_mentions:read",
      "users:read",
      "app_mention",
      "app_uninstalled",
      "tokens_revoked",
    ];
    const asked = [...BOT_SCOPES, ...BOT_EVENTS].filter((name) => !basics.includes(name));
    expect([...explained].sort()).toEqual([...asked].sort());
  });
});
