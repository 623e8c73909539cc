import type { HeadersFunction } from "@remix-run/cloudflare";
import { AppError } from "~/domain/errors";
import { addressKey, RATE_LIMITS, RETRY_AFTER_SECONDS, type RateLimitBinding, type RateLimitName } from "~/domain/rate-limits";

export { userKey } from "~/domain/rate-limits";

/**
 * Counts one `name` action for `key` (`clientAddressKey(request)` for anonymous actions, `userKey(id)` for
 * signed-in ones) and refuses it past the limit configured in wrangler.toml: an AppError 429 whose
 * `retryAfter` becomes the Retry-After header (`handleApi`, `retryAfterHeaders`). A missing binding is a
 * deployment error and fails loudly rather than letting every request through.
 */
export async function enforceRateLimit(env: Pick<Env, RateLimitBinding>, name: RateLimitName, key: string) {
  const { binding, message } = RATE_LIMITS[name];
  const { success } = await env[binding].limit({ key });
  if (!success) throw new AppError("rate_limited", message, { retryAfter: RETRY_AFTER_SECONDS });
}

/** The counter key of the client that sent `request`, by the address Cloudflare saw. */
export const clientAddressKey = (request: Request) => addressKey(request.headers.get("CF-Connecting-IP"));

/**
 * A page's `headers` export: a document takes its headers from the route's `headers`, not from its action's or
 * loader's `data()`, so the Retry-After of a refused page action (or loader) is passed on here.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  const headers: Record<string, string> = {};
  if (retryAfter) headers["Retry-After"] = retryAfter;
  return headers;
};
