import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLACK_API_URL,
  DEFAULT_SLACK_RESPONSE_URL_BASE,
  isAllowedFileUrl,
  isAllowedResponseUrl,
  postToResponseUrl,
  SlackApiError,
} from "./web-api";

describe("isAllowedResponseUrl", () => {
  const base = DEFAULT_SLACK_RESPONSE_URL_BASE;

  it("accepts Slack's hooks over https", () => {
    expect(isAllowedResponseUrl("https://hooks.slack.com/commands/T1/397700885554/96rGlfmibIGlgcZRskXaIFfN", base)).toBe(true);
    expect(isAllowedResponseUrl("https://hooks.slack.com/actions/T1/1/abc", base)).toBe(true);
  });

  it.each([
    "http://hooks.slack.com/commands/T1/1/abc",
    "https://hooks.slack.com.evil.example/commands/T1/1/abc",
    "https://evil.example/https://hooks.slack.com/",
    "https://user:pass@hooks.slack.com/commands/T1/1/abc",
    "https://hooks.slack.com:8443/commands/T1/1/abc",
    "https://slack.com/api/chat.postMessage",
    "http://127.0.0.1:8787/internal",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isAllowedResponseUrl(url, base)).toBe(false);
  });

  it("keeps to the configured path when the base has one (the tests' fake)", () => {
    expect(isAllowedResponseUrl("http://127.0.0.1:9/hooks/abc", "http://127.0.0.1:9/hooks/")).toBe(true);
    expect(isAllowedResponseUrl("http://127.0.0.1:9/api/chat.postMessage", "http://127.0.0.1:9/hooks/")).toBe(false);
  });
});

describe("isAllowedFileUrl: where the bot token may fetch a shared file", () => {
  it("Slack's files host, or the API's own origin (a test's fake)", () => {
    expect(isAllowedFileUrl("https://files.slack.com/files-pri/T1-F1/download/rider.pdf", DEFAULT_SLACK_API_URL)).toBe(true);
    expect(isAllowedFileUrl("http://127.0.0.1:9000/files/F1/a.pdf", "http://127.0.0.1:9000/api/")).toBe(true);
  });

  it.each([
    "https://evil.test/files-pri/x",
    "http://files.slack.com/files-pri/x",
    "https://files.slack.com.evil.test/x",
    "https://user:pw@files.slack.com/x",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isAllowedFileUrl(url, DEFAULT_SLACK_API_URL)).toBe(false);
  });
});

describe("postToResponseUrl", () => {
  it("refuses a URL outside the base before any request", async () => {
    const refused = postToResponseUrl(DEFAULT_SLACK_RESPONSE_URL_BASE, "http://127.0.0.1:1/steal", { text: "x" });
    await expect(refused).rejects.toBeInstanceOf(SlackApiError);
    await expect(refused).rejects.toMatchObject({ code: "untrusted_response_url" });
  });
});
