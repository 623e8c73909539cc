import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { decryptSecret, encryptSecret, secretKeys, signValue, verifySignedValue } from "./secrets.server";

const key = Buffer.alloc(32, 7).toString("base64");
const otherKey = Buffer.alloc(32, 9).toString("base64");

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, with a fresh IV every time", async () => {
    const keys = await secretKeys({ SECRETS_KEY: key });
    const a = await encryptSecret(keys, "xoxb-secret", "ctx");
    const b = await encryptSecret(keys, "xoxb-secret", "ctx");
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("xoxb");
    expect(await decryptSecret(keys, a, "ctx")).toBe("xoxb-secret");
  });

  it("refuses another context, another key, or a tampered ciphertext", async () => {
    const keys = await secretKeys({ SECRETS_KEY: key });
    const sealed = await encryptSecret(keys, "value", "slack_apps:w1:bot_token");
    await expect(decryptSecret(keys, sealed, "slack_apps:w2:bot_token")).rejects.toThrow();
    await expect(decryptSecret(await secretKeys({ SECRETS_KEY: otherKey }), sealed, "slack_apps:w1:bot_token")).rejects.toThrow();
    const [v, iv, data] = sealed.split(".");
    const flipped = `${v}.${iv}.${data.slice(0, 5)}${data[5] === "A" ? "B" : "A"}${data.slice(6)}`;
    await expect(decryptSecret(keys, flipped, "slack_apps:w1:bot_token")).rejects.toThrow();
  });
});

describe("secretKeys", () => {
  it("answers 503 with what to configure when the key is missing or malformed", async () => {
    for (const env of [{}, { SECRETS_KEY: "  " }, { SECRETS_KEY: "c2hvcnQ=" }]) {
      const error = await secretKeys(env).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("not_configured");
      expect((error as AppError).message).toContain("SECRETS_KEY");
    }
  });
});

describe("signValue / verifySignedValue", () => {
  const now = new Date("2026-06-10T09:00:00Z");

  it("returns the payload while valid, for the same purpose only", async () => {
    const keys = await secretKeys({ SECRETS_KEY: key });
    const value = await signValue(keys, "state", { n: "abc" }, new Date(now.getTime() + 600_000));
    expect(await verifySignedValue(keys, "state", value, now)).toMatchObject({ n: "abc" });
    expect(await verifySignedValue(keys, "link", value, now)).toBeNull();
    expect(await verifySignedValue(keys, "state", value, new Date(now.getTime() + 600_000))).toBeNull();
  });

  it("rejects altered or foreign values", async () => {
    const keys = await secretKeys({ SECRETS_KEY: key });
    const value = await signValue(keys, "state", { n: "abc" }, new Date(now.getTime() + 600_000));
    const [body, mac] = value.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ n: "xyz", p: "state", exp: 9999999999 })).toString("base64url");
    expect(await verifySignedValue(keys, "state", `${forgedBody}.${mac}`, now)).toBeNull();
    expect(await verifySignedValue(keys, "state", `${body}.${mac}.x`, now)).toBeNull();
    expect(await verifySignedValue(keys, "state", "garbage", now)).toBeNull();
    expect(await verifySignedValue(await secretKeys({ SECRETS_KEY: otherKey }), "state", value, now)).toBeNull();
  });
});
