/** Where a sign-in goes afterwards when no acceptable `redirect` was given. */
export const DEFAULT_AFTER_SIGN_IN = "/dashboard";
const MAX_REDIRECT_LENGTH = 512;
const PLACEHOLDER_ORIGIN = "http://cueboard.invalid";

/**
 * A same-origin path for `redirect` values, else the fallback. Only a plain absolute path passes: not a
 * scheme (`https://evil`), not protocol-relative (`//evil`), no backslash (`/\evil`, which browsers read as
 * `//evil`), no control characters, and none of these hidden behind percent-encoding (`/%2F%2Fevil`).
 * The result is the normalised path, query and fragment.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN) {
  if (!value || value.length > MAX_REDIRECT_LENGTH) return fallback;
  let decoded = value;
  // Every decoding of the value must be a safe path too: a later hop (a proxy, a framework) may decode again.
  for (let i = 0; i < 3; i += 1) {
    if (!isPlainPath(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!isPlainPath(decoded)) return fallback;
  const url = new URL(value, PLACEHOLDER_ORIGIN);
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isPlainPath(path: string) {
  return (
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.includes("\\") &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    !/[\u0000-\u001f\u007f]/.test(path)
  );
}
