import { describe, expect, it } from "vitest";
import { MAX_SKEW_SECONDS, signSlackRequest, verifySlackSignature } from "./signature";

const secret = "8f742231b10e8888abcd99yyyzzz85a5";
const now = new Date("2026-11-21T10:00:00Z");
const ts = (offsetSeconds = 0) => String(Math.floor(now.getTime() / 1000) + offsetSeconds);
const body = "token=xyz&team_id=T1&command=%2Ftasks&text=";

async function verify(overrides: Partial<Parameters<typeof verifySlackSignature>[0]> = {}) {
  const timestamp = overrides.timestamp === undefined ? ts() : overrides.timestamp;
  const signature = await signSlackRequest(secret, timestamp ?? ts(), body);
  return verifySlackSignature({ signingSecret: secret, timestamp, signature, rawBody: body, now, ...overrides });
}

describe("verifySlackSignature", () => {
  it("matches Slack's documented example", async () => {
    // https://api.slack.com/authentication/verifying-requests-from-slack
    const example =
      "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
    const signature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
    expect(await signSlackRequest("8f742231b10e8888abcd99yyyzzz85a5", "1531420618", example)).toBe(signature);
    expect(
      await verifySlackSignature({
        signingSecret: "8f742231b10e8888abcd99yyyzzz85a5",
        timestamp: "1531420618",
        signature,
        rawBody: example,
        now: new Date(1531420618 * 1000 + 60_000),
      }),
    ).toBe(true);
  });

  it("accepts a valid signature", async () => {
    expect(await verify()).toBe(true);
  });

  it("rejects a signature made with another secret", async () => {
    const signature = await signSlackRequest("another-secret", ts(), body);
    expect(await verify({ signature })).toBe(false);
  });

  it("rejects a changed body", async () => {
    const signature = await signSlackRequest(secret, ts(), body);
    expect(await verifySlackSignature({ signingSecret: secret, timestamp: ts(), signature, rawBody: `${body}x`, now })).toBe(false);
  });

  it("rejects a stale timestamp and one from the future, beyond five minutes either way", async () => {
    expect(MAX_SKEW_SECONDS).toBe(300);
    expect(await verify({ timestamp: ts(-300) })).toBe(true);
    expect(await verify({ timestamp: ts(-301) })).toBe(false);
    expect(await verify({ timestamp: ts(300) })).toBe(true);
    expect(await verify({ timestamp: ts(301) })).toBe(false);
  });

  it("rejects missing or malformed headers", async () => {
    const good = await signSlackRequest(secret, ts(), body);
    for (const [timestamp, signature] of [
      [null, good],
      [ts(), null],
      ["12abc", good],
      [ts(), good.replace("v0=", "v1=")],
      [ts(), "v0=abc"],
      [ts(), `${good}00`],
      [ts(), "v0=" + "zz".repeat(32)],
    ] as const) {
      expect(await verifySlackSignature({ signingSecret: secret, timestamp, signature, rawBody: body, now })).toBe(false);
    }
  });
});
