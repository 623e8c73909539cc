import { AppError, type ErrorCode } from "~/domain/errors";
import { errorSummary } from "~/lib/log";
import type { ToastMessage } from "~/lib/toast";

/** The one map from what happened to the HTTP status that says it. */
const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  plan_limit: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  duplicate: 409,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  unreachable: 422,
  rate_limited: 429,
  upstream: 502,
  not_configured: 503,
};

export const statusOf = (error: AppError) => STATUS[error.code];

/** The error as one line for the API's `error` field: "Title – message" when it has a title (the spec's wording). */
export const messageOf = (error: AppError) => (error.title ? `${error.title} – ${error.message}` : error.message);

/** The error as a toast: its title (or "Error") over its message. */
export function toastOf(error: AppError): ToastMessage {
  return { title: error.title ?? "Error", description: error.message, variant: "destructive" };
}

/** The Retry-After header a rate limit's refusal asks for; pages and the API send it with their refusal. */
export function retryAfterHeaders(error: AppError): Record<string, string> {
  const { retryAfter } = error.extra;
  return typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {};
}

/** Logs an error nothing expected, once, by its summary (never request data). */
export function logUnexpected(what: string, error: unknown) {
  console.error(`${what} failed: ${errorSummary(error)}`);
}
