import { z } from "zod";

/**
 * Signed webhooks (issue 36, ADR 049): which events an endpoint may ask for, which addresses it may have, how a
 * delivery is signed and verified, and when a failing one is tried again or switched off. Pure rules: the service
 * (app/services/webhooks.server.ts) applies them, the docs (docs/webhooks.md) repeat the signature for receivers.
 */

export const WEBHOOK_EVENTS = [
  "task.created",
  "task.updated",
  "task.completed",
  "task.deleted",
  "comment.created",
  "show.state",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "Send test event" sends: every endpoint gets it on request, whatever it subscribed to. */
export const PING_EVENT = "ping";
export type DeliveredEvent = WebhookEvent | typeof PING_EVENT;

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  "task.created": "A task is created",
  "task.updated": "A task is changed",
  "task.completed": "A task is completed",
  "task.deleted": "A task is deleted",
  "comment.created": "A comment is added",
  "show.state": "The show moves (Start, GO, Back, Stop)",
};

/** Endpoints per workspace. */
export const MAX_ENDPOINTS = 10;
/** Deliveries kept per endpoint, newest first: older ones are pruned when a new one is logged. */
export const DELIVERY_LOG_LIMIT = 100;
/** A delivery's body is at most this long; a larger event is sent with its `data` cut to the ids. */
export const MAX_PAYLOAD_BYTES = 32 * 1024;
/** A receiver has this long to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A signature older or newer than this is refused by `verifyWebhookSignature` (replayed or from a wrong clock). */
export const REPLAY_WINDOW_SECONDS = 5 * 60;
/** An endpoint whose deliveries have all failed for this long is switched off. */
export const SWITCH_OFF_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The waits before the 2nd … 6th attempt of a delivery. Six attempts in all fit the queue's `max_retries = 5`
 * (wrangler.toml), and each wait is under the Queues limit of 12 hours per delay.
 */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 6 * 60 * 60] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The wait before trying again after `attemptsMade` failed attempts, or null when the delivery has failed for good. */
export function retryDelaySeconds(attemptsMade: number): number | null {
  if (attemptsMade < 1 || attemptsMade >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_SECONDS[attemptsMade - 1];
}

/** Whether an endpoint failing since `failingSince` (ISO; null: not failing) is to be switched off at `now`. */
export function shouldSwitchOff(failingSince: string | null, now: Date) {
  return failingSince !== null && now.getTime() - Date.parse(failingSince) >= SWITCH_OFF_AFTER_MS;
}

export const SWITCHED_OFF_REASON = "Switched off after 24 hours of failed deliveries";

// ---------------------------------------------------------------------------------------------------------------
// Signing

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** What is signed: the timestamp (unix seconds), a dot, the raw body exactly as sent. */
export function signedContent(timestamp: number, body: string) {
  return `${timestamp}.${body}`;
}

async function hmacHex(secret: string, content: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(content)));
  let hex = "";
  for (const b of mac) hex += HEX[b];
  return hex;
}

/** The `Cueboard-Signature` header for `body` sent at `now`: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export async function signatureHeader(secret: string, body: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${await hmacHex(secret, signedContent(timestamp, body))}`;
}

/** The header's timestamp and `v1` signatures (a rolled secret may sign with several); null when malformed. */
export function parseSignatureHeader(header: string) {
  if (header.length > 1000) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Compares two equal-length hex strings without stopping at the first difference. */
function sameHex(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: "malformed" | "mismatch" | "stale" };

/**
 * Verifies a delivery as a receiver should (docs/webhooks.md shows the same in Node): the signature over the raw body
 * must match, and its timestamp be within `REPLAY_WINDOW_SECONDS` of `now` either way.
 */
export async function verifyWebhookSignature(input: {
  secret: string;
  header: string;
  body: string;
  now: Date;
  toleranceSeconds?: number;
}): Promise<SignatureCheck> {
  const parsed = parseSignatureHeader(input.header);
  if (!parsed) return { ok: false, reason: "malformed" };
  const expected = await hmacHex(input.secret, signedContent(parsed.timestamp, input.body));
  if (!parsed.signatures.some((s) => sameHex(s, expected))) return { ok: false, reason: "mismatch" };
  const age = Math.abs(input.now.getTime() / 1000 - parsed.timestamp);
  if (age > (input.toleranceSeconds ?? REPLAY_WINDOW_SECONDS)) return { ok: false, reason: "stale" };
  return { ok: true, timestamp: parsed.timestamp };
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** Whether a dotted IPv4 address is one no public endpoint has: private, loopback, link-local, CGNAT, reserved. */
function isPrivateIpv4(parts: readonly number[]) {
  const [a, b, c] = parts;
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT 100.64.0.0/10
    (a === 169 && b === 254) || // link-local (cloud metadata services)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv4Parts(host: string) {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** The eight 16-bit groups of an IPv6 address (the URL parser has already normalised it), or null. */
function ipv6Groups(host: string) {
  const address = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (!address.includes(":") || address.length > 45) return null;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two groups.
  let text = address;
  const dotted = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(address);
  if (dotted) {
    const v4 = ipv4Parts(dotted[2]);
    if (!v4) return null;
    text = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === "" ? [] : half.split(":").map((g) => Number.parseInt(g, 16)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function isPrivateIpv6(g: readonly number[]) {
  const embeddedV4 = [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g[5] === 0xffff) return isPrivateIpv4(embeddedV4); // IPv4-mapped ::ffff:a.b.c.d
  if (zeroTo(6)) return true; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPrivateIpv4(embeddedV4); // NAT64 64:ff9b::a.b.c.d
  if (g[0] === 0x2002) return isPrivateIpv4([g[1] >> 8, g[1] & 0xff, g[2] >> 8, g[2] & 0xff]); // 6to4
  return (
    (g[0] & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g[0] & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0] & 0xffc0) === 0xfec0 || // site-local (deprecated) fec0::/10
    (g[0] & 0xff00) === 0xff00 || // multicast
    (g[0] === 0x2001 && g[1] === 0x0db8) // documentation
  );
}

/**
 * Whether `hostname` (as `URL.hostname` gives it: lower case, IPv4 normalised to dotted decimal, IPv6 in brackets)
 * names a private, loopback, link-local, CGNAT or unique-local address, or a name only a local network resolves.
 */
export function isPrivateHost(hostname: string) {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  const v6 = ipv6Groups(host);
  if (v6) return isPrivateIpv6(v6);
  if (host.includes(":") || host.startsWith("[")) return true; // an address we cannot read is not trusted
  if (!host.includes(".")) return true; // a single label only resolves on a local network
  return ["localhost", "local", "internal", "localdomain", "home.arpa", "lan"].some(
    (suffix) => host === suffix || host.endsWith(`.${suffix}`),
  );
}

export const URL_MESSAGES = {
  required: "Endpoint URL is required",
  invalid: "Enter a full address, like https://example.com/hooks/cueboard",
  https: "Use an https:// address",
  private: "Use a public address: private, loopback and local network addresses cannot receive webhooks",
  credentials: "Leave the user name and password out of the address",
} as const;

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * Whether `raw` may receive webhooks. HTTPS to a public host only; `allowLocal` (local development and tests, the
 * WEBHOOKS_ALLOW_LOCAL flag) also admits http and local addresses. Checked when an endpoint is saved and again before
 * every delivery.
 */
export function checkWebhookUrl(raw: string, options: { allowLocal: boolean }): UrlCheck {
  const text = raw.trim();
  if (!text) return { ok: false, message: URL_MESSAGES.required };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: URL_MESSAGES.invalid };
  }
  const local = options.allowLocal;
  if (url.protocol !== "https:" && !(local && url.protocol === "http:"))
    return { ok: false, message: URL_MESSAGES.https };
  if (url.username || url.password) return { ok: false, message: URL_MESSAGES.credentials };
  if (!url.hostname) return { ok: false, message: URL_MESSAGES.invalid };
  if (!local && isPrivateHost(url.hostname)) return { ok: false, message: URL_MESSAGES.private };
  url.hash = "";
  return { ok: true, url: url.toString() };
}

// ---------------------------------------------------------------------------------------------------------------
// Payloads

export interface WebhookPayload {
  /** The event's id: the same on every attempt and every endpoint, so a receiver can ignore a repeat. */
  id: string;
  type: DeliveredEvent;
  createdAt: string;
  workspaceId: string;
  data: Record<string, unknown>;
}

/**
 * The body sent for an event. One over MAX_PAYLOAD_BYTES (a task with a very long description) keeps only the
 * ids of what its data holds and says it was cut, so the receiver can fetch the rest from the API.
 */
export function payloadBody(payload: WebhookPayload) {
  const body = JSON.stringify(payload);
  if (encoder.encode(body).byteLength <= MAX_PAYLOAD_BYTES) return body;
  const ids = Object.fromEntries(
    Object.entries(payload.data).map(([key, value]) => [
      key,
      value && typeof value === "object" && "id" in value ? { id: (value as { id: unknown }).id } : null,
    ]),
  );
  return JSON.stringify({ ...payload, data: { ...ids, truncated: true } });
}

/** A delivery's last error as stored and shown: one short line, never more than 200 characters. */
export function shortError(message: string) {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

// ---------------------------------------------------------------------------------------------------------------
// Input

const eventsField = z
  .array(z.string().trim().max(40, "Unknown event"), {
    required_error: "Choose at least one event",
    invalid_type_error: "Events must be a list of event names",
  })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length * 2, "Too many events")
  .superRefine((events, ctx) => {
    const unknown = events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `Unknown event: ${unknown.slice(0, 3).join(", ")}. Choose from ${WEBHOOK_EVENTS.join(", ")}`,
      });
    }
  })
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

const urlField = z
  .string({ required_error: URL_MESSAGES.required, invalid_type_error: "The URL must be text" })
  .trim()
  .min(1, URL_MESSAGES.required)
  .max(2000, "The URL is too long (2,000 characters at most)")
  // What can be told without the deployment's settings, so a form shows it beside the other fields' errors; the
  // service applies the whole of `checkWebhookUrl` (plain http and private addresses need its `allowLocal`).
  .superRefine((value, ctx) => {
    const check = checkWebhookUrl(value, { allowLocal: true });
    if (!check.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: check.message });
  });

const descriptionField = z
  .string({ invalid_type_error: "The description must be text" })
  .trim()
  .max(200, "Keep the description to 200 characters")
  .optional()
  .transform((v) => (v ? v : null));

/** `POST /api/webhooks` and the page's add form. HTTPS and public addresses are the service's check (it knows env). */
export const webhookCreateSchema = z.object({
  url: urlField,
  events: eventsField,
  description: descriptionField,
});
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/** `PATCH /api/webhooks/{id}`: any of the fields; `enabled: true` turns a switched-off endpoint back on. */
export const webhookUpdateSchema = z
  .object({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: z
      .string({ invalid_type_error: "The description must be text" })
      .trim()
      .max(200, "Keep the description to 200 characters")
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    enabled: z.boolean({ invalid_type_error: "enabled must be true or false" }).optional(),
  })
  .strict("Unknown field: send url, events, description or enabled");
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

/** `GET /api/webhooks/{id}/deliveries?limit=`: newest first, 50 unless asked, at most DELIVERY_LOG_LIMIT. */
export const deliveryListQuerySchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(DELIVERY_LOG_LIMIT, `limit must be at most ${DELIVERY_LOG_LIMIT}`)
    .default(50),
});
