import { describe, expect, it } from "vitest";
import {
  checkWebhookUrl,
  isPrivateHost,
  MAX_ATTEMPTS,
  MAX_PAYLOAD_BYTES,
  parseSignatureHeader,
  payloadBody,
  retryDelaySeconds,
  shouldSwitchOff,
  signatureHeader,
  URL_MESSAGES,
  verifyWebhookSignature,
  webhookCreateSchema,
} from "./webhooks";
import { createHmac } from "node:crypto";

const NOW = new Date("2026-11-28T12:00:00Z");
const SECRET = "whsec_test";

describe("signatureHeader", () => {
  it("is t=<unix seconds>,v1=<hex HMAC-SHA256 of `t.body`>, as Node's crypto computes it", async () => {
    const body = '{"id":"evt_1","type":"ping"}';
    const header = await signatureHeader(SECRET, body, NOW);
    const t = Math.floor(NOW.getTime() / 1000);
    const expected = createHmac("sha256", SECRET).update(`${t}.${body}`).digest("hex");
    expect(header).toBe(`t=${t},v1=${expected}`);
  });
});

describe("verifyWebhookSignature", () => {
  const body = '{"hello":"world"}';
  it.each([
    ["the same instant", 0, { ok: true }],
    ["4 minutes later", 240, { ok: true }],
    ["6 minutes later (replayed)", 360, { ok: false, reason: "stale" }],
    ["6 minutes earlier (a clock ahead)", -360, { ok: false, reason: "stale" }],
  ])("at %s", async (_, offsetSeconds, outcome) => {
    const header = await signatureHeader(SECRET, body, NOW);
    const check = await verifyWebhookSignature({
      secret: SECRET,
      header,
      body,
      now: new Date(NOW.getTime() + offsetSeconds * 1000),
    });
    expect(check).toMatchObject(outcome);
  });

  it("refuses a changed body, another secret and a malformed header", async () => {
    const header = await signatureHeader(SECRET, body, NOW);
    expect(await verifyWebhookSignature({ secret: SECRET, header, body: body + " ", now: NOW })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(await verifyWebhookSignature({ secret: "whsec_other", header, body, now: NOW })).toMatchObject({
      ok: false,
    });
    expect(await verifyWebhookSignature({ secret: SECRET, header: "v1=abc", body, now: NOW })).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("accepts any of several v1 signatures (while a secret is rolled)", async () => {
    const header = await signatureHeader(SECRET, body, NOW);
    const parsed = parseSignatureHeader(header)!;
    const both = `t=${parsed.timestamp},v1=${"0".repeat(64)},v1=${parsed.signatures[0]}`;
    expect(await verifyWebhookSignature({ secret: SECRET, header: both, body, now: NOW })).toMatchObject({ ok: true });
  });
});

describe("retryDelaySeconds", () => {
  it("backs off 1 min, 5 min, 30 min, 2 h, 6 h, then gives up after the sixth attempt", () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelaySeconds(i + 1));
    expect(delays).toEqual([60, 300, 1800, 7200, 21600, null]);
    expect(MAX_ATTEMPTS).toBe(6);
  });
});

describe("shouldSwitchOff", () => {
  it("after 24 hours of failures, not before, and never when not failing", () => {
    const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
    expect(shouldSwitchOff(hoursAgo(24), NOW)).toBe(true);
    expect(shouldSwitchOff(hoursAgo(23.9), NOW)).toBe(false);
    expect(shouldSwitchOff(null, NOW)).toBe(false);
  });
});

describe("isPrivateHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.32.0.1", false],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["100.128.0.1", false],
    ["0.0.0.0", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["[::1]", true],
    ["[::]", true],
    ["[fd00::1]", true],
    ["[fe80::1]", true],
    ["[::ffff:7f00:1]", true],
    ["[::ffff:808:808]", false],
    ["[64:ff9b::a00:1]", true],
    ["[2002:c0a8:101::1]", true],
    ["[2606:4700::1111]", false],
    ["localhost", true],
    ["api.localhost", true],
    ["printer.local", true],
    ["db.internal", true],
    ["intranet", true],
    ["hooks.example.com", false],
  ])("%s → %s", (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });
});

describe("checkWebhookUrl", () => {
  const production = { allowLocal: false };
  it.each([
    ["https://hooks.example.com/cueboard", { ok: true, url: "https://hooks.example.com/cueboard" }],
    ["http://hooks.example.com/cueboard", { ok: false, message: URL_MESSAGES.https }],
    ["ftp://hooks.example.com/", { ok: false, message: URL_MESSAGES.https }],
    ["hooks.example.com", { ok: false, message: URL_MESSAGES.invalid }],
    ["", { ok: false, message: URL_MESSAGES.required }],
    ["https://user:pw@hooks.example.com/", { ok: false, message: URL_MESSAGES.credentials }],
    ["https://127.0.0.1/hook", { ok: false, message: URL_MESSAGES.private }],
    // The URL parser normalises other spellings of loopback first.
    ["https://0x7f.1/hook", { ok: false, message: URL_MESSAGES.private }],
    ["https://2130706433/hook", { ok: false, message: URL_MESSAGES.private }],
    ["https://[::ffff:127.0.0.1]/hook", { ok: false, message: URL_MESSAGES.private }],
    ["https://localhost:8443/hook", { ok: false, message: URL_MESSAGES.private }],
    ["https://metadata.google.internal/", { ok: false, message: URL_MESSAGES.private }],
  ])("production: %s", (raw, expected) => {
    expect(checkWebhookUrl(raw, production)).toEqual(expected);
  });

  it("with the local flag, admits http and loopback (development and tests only)", () => {
    expect(checkWebhookUrl("http://127.0.0.1:8950/hook", { allowLocal: true })).toEqual({
      ok: true,
      url: "http://127.0.0.1:8950/hook",
    });
    expect(checkWebhookUrl("ftp://127.0.0.1/", { allowLocal: true })).toMatchObject({ ok: false });
  });
});

describe("payloadBody", () => {
  const base = { id: "evt_1", type: "task.created" as const, createdAt: NOW.toISOString(), workspaceId: "w1" };
  it("is the event as JSON", () => {
    expect(JSON.parse(payloadBody({ ...base, data: { task: { id: "t1", title: "Book the venue" } } }))).toEqual({
      ...base,
      data: { task: { id: "t1", title: "Book the venue" } },
    });
  });
  it("keeps only ids when the event is too large", () => {
    const body = payloadBody({ ...base, data: { task: { id: "t1", description: "x".repeat(MAX_PAYLOAD_BYTES) } } });
    expect(JSON.parse(body).data).toEqual({ task: { id: "t1" }, truncated: true });
  });
});

describe("webhookCreateSchema", () => {
  it("names unknown events and asks for at least one", () => {
    const unknown = webhookCreateSchema.safeParse({ url: "https://x.example", events: ["task.created", "task.eaten"] });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toMatch(/^Unknown event: task\.eaten\./);
    const none = webhookCreateSchema.safeParse({ url: "https://x.example", events: [] });
    expect(none.error?.issues[0].message).toBe("Choose at least one event");
  });
  it("keeps the events in their documented order, once each", () => {
    const parsed = webhookCreateSchema.parse({
      url: "https://x.example",
      events: ["show.state", "task.created", "show.state"],
    });
    expect(parsed.events).toEqual(["task.created", "show.state"]);
  });
});
