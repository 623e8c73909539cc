/** Slack's request signing (https://api.slack.com/authentication/verifying-requests-from-slack), WebCrypto only. */

/** Slack's replay window: a request more than five minutes old, or from five minutes ahead, is refused. */
export const MAX_SKEW_SECONDS = 300;

const encoder = new TextEncoder();

function hexToBytes(hex: string) {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function hmacKey(signingSecret: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", encoder.encode(signingSecret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{body}`: what Slack sends in `X-Slack-Signature`. */
export async function signSlackRequest(signingSecret: string, timestamp: string, rawBody: string) {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(signingSecret, "sign"), encoder.encode(`v0:${timestamp}:${rawBody}`));
  return `v0=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * True when `signature` is Slack's signature of this exact body and the timestamp is within the replay window
 * of `now`, in either direction. The comparison is WebCrypto's HMAC verify, which runs in constant time.
 */
export async function verifySlackSignature(input: {
  signingSecret: string;
  timestamp: string | null;
  signature: string | null;
  rawBody: string;
  now: Date;
}) {
  const { signingSecret, timestamp, signature, rawBody, now } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  if (!signature.startsWith("v0=")) return false;
  const expected = hexToBytes(signature.slice(3));
  if (!expected || expected.byteLength !== 32) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(signingSecret, "verify"), expected, encoder.encode(`v0:${timestamp}:${rawBody}`));
}
