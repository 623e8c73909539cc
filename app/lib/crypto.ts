/** WebCrypto helpers (Workers and Node 22 alike). */

function toBase64Url(bytes: Uint8Array) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/(?<!=)=+$/, "");
}

/** An opaque random id (128 bits): not guessable, not a counter. */
export function newId() {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** A bearer token with 256 random bits. */
export function newToken() {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Each byte's two hex digits, looked up: every signed-in request hashes its token. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export async function sha256Hex(value: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  let hex = "";
  for (const b of digest) hex += HEX[b];
  return hex;
}
