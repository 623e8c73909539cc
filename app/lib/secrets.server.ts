import { LRUCache } from "lru-cache";
import { AppError } from "~/domain/errors";

/**
 * Secrets at rest and signed values, keyed by the `SECRETS_KEY` secret (base64 of 32 random bytes).
 *
 * Ciphertexts are `v1.<iv>.<ciphertext+tag>` (base64url): AES-256-GCM with a fresh 96-bit IV per value. The
 * caller's `context` (e.g. `slack_apps:<workspace>:bot_token`) is the GCM additional data, so a ciphertext
 * copied into another row or column does not decrypt. Signed values use an HMAC key derived from the same
 * secret with HKDF, so one secret serves both without reusing key material.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const SECRETS_KEY_MISSING =
  "Slack setup is unavailable: the server has no SECRETS_KEY to encrypt credentials with. Set SECRETS_KEY (see .dev.vars.example) and try again.";

function toBase64Url(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/(?<!=)=+$/, "");
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const normal = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export interface SecretKeys {
  encryption: CryptoKey;
  signing: CryptoKey;
}

/** The imported keys by the secret they come from: one in practice, a few while a key is rotated. */
const secretKeysBySecret = new LRUCache<string, Promise<SecretKeys>>({ max: 4 });

async function importKeys(secret: string): Promise<SecretKeys> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(secret.trim());
  } catch {
    throw new AppError("not_configured", "SECRETS_KEY is not valid base64");
  }
  if (raw.byteLength !== 32) throw new AppError("not_configured", "SECRETS_KEY must be 32 bytes (base64)");
  const encryption = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  const hkdf = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  const signing = await crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("cueboard signed values v1") },
    hkdf,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
  return { encryption, signing };
}

/** The keys behind `SECRETS_KEY`, or a 503 that says what to configure when it is missing or malformed. */
export function secretKeys(env: { SECRETS_KEY?: string }): Promise<SecretKeys> {
  const secret = env.SECRETS_KEY;
  if (!secret?.trim()) return Promise.reject(new AppError("not_configured", SECRETS_KEY_MISSING));
  let keys = secretKeysBySecret.get(secret);
  if (!keys) {
    keys = importKeys(secret);
    // A malformed key must not stay cached as a rejected promise once it is fixed; the value differs then anyway.
    keys.catch(() => secretKeysBySecret.delete(secret));
    secretKeysBySecret.set(secret, keys);
  }
  return keys;
}

export function hasSecretsKey(env: { SECRETS_KEY?: string }) {
  return Boolean(env.SECRETS_KEY?.trim());
}

export async function encryptSecret(keys: SecretKeys, plaintext: string, context: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    keys.encryption,
    encoder.encode(plaintext),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** Decrypts a value from `encryptSecret` under the same context; throws on tampering, wrong key or context. */
export async function decryptSecret(keys: SecretKeys, sealed: string, context: string) {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("Unreadable ciphertext");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(context) },
    keys.encryption,
    fromBase64(data),
  );
  return decoder.decode(plain);
}

/**
 * `<payload>.<mac>`: a JSON payload with an expiry (`exp`, epoch seconds) and a purpose, HMAC-signed so it
 * can travel through a browser or Slack and come back unaltered.
 */
export async function signValue(keys: SecretKeys, purpose: string, payload: Record<string, unknown>, expiresAt: Date) {
  const body = toBase64Url(encoder.encode(JSON.stringify({ ...payload, p: purpose, exp: Math.floor(expiresAt.getTime() / 1000) })));
  const mac = await crypto.subtle.sign("HMAC", keys.signing, encoder.encode(body));
  return `${body}.${toBase64Url(new Uint8Array(mac))}`;
}

/** The payload of a value from `signValue` for this purpose, or null when forged, altered or expired. */
export async function verifySignedValue(keys: SecretKeys, purpose: string, value: string, now = new Date()) {
  const [body, mac, extra] = value.split(".");
  if (!body || !mac || extra !== undefined || value.length > 2000) return null;
  let ok = false;
  try {
    ok = await crypto.subtle.verify("HMAC", keys.signing, fromBase64(mac), encoder.encode(body));
  } catch {
    return null;
  }
  if (!ok) return null;
  try {
    const payload = JSON.parse(decoder.decode(fromBase64(body))) as Record<string, unknown> & { p?: unknown; exp?: unknown };
    if (payload.p !== purpose || typeof payload.exp !== "number" || payload.exp * 1000 <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}
